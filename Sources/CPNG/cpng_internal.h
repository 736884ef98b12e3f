/*
 * Helpers shared by the files of the cpng target; not part of its public header.
 */
#ifndef CPNG_INTERNAL_H
#define CPNG_INTERNAL_H

/* zlib's strategy constant for a CPNG_STRATEGY_* value, or -1 if there is none. */
int cpng_zlib_strategy(int strategy);

#endif /* CPNG_INTERNAL_H */
