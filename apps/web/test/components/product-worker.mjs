// Entry of the product worker: TypeScript through tsx, as the worker has no Vite.
import { register } from 'tsx/esm/api';

register();
await import('./product-worker.ts');
