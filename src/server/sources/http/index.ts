/** The upstream HTTP client, its errors, response checks and XML parsing. */
export * from './errors';
export * from './xml';
export * from './urls';
export * from './content';
export * from './client';
export * from './user-agent';
