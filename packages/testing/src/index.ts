export { freePort, startTestDatabase, type TestDatabase } from './test-database';
export { withServiceDatabase, type ServiceDatabase } from './service-database';
