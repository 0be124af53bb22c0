// Property tests run on a fixed seed, so that a run of the suite (and CI) is
// repeatable: an unseeded property once failed one run in many on a case
// the reference library misreads. FC_SEED=<number> explores other cases.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261123) });
