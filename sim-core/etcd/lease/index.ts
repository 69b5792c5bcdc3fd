export { Lessor, MAX_LEASE_TTL } from './lessor';
export type { Lease, LessorConfig } from './lessor';
