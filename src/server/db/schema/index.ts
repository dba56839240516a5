export * from './reference';
export * from './users';
export * from './legislation';
export * from './engagement';
export * from './sync';
export * from './notifications';
export * from './admin';
export * from './billing';
