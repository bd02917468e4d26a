import { NotFound } from '@/components/not-found';

export default NotFound;
