export * from './mrz';
