#include <libimagequant.h>
// libimagequant runs on OpenMP; a quantization on one thread gives the same palette on every machine.
void omp_set_num_threads(int num_threads);
