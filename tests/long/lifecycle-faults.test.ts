import { describeLifecycleFaults } from '../hardening/lifecycle-faults';

// The full count: 52 stops per browser, 13 in each kind of run.
describeLifecycleFaults(52);
