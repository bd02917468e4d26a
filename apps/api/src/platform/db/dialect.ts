/** The two databases the product runs on (architecture.md "Stack"). */
export type Dialect = 'sqlite' | 'postgres';
