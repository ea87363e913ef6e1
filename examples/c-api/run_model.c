/* run_model.c - Call a compiled Relax library from C.
 *
 * Usage: run_model LIBRARY WEIGHTS FUNCTION SHAPE...
 *   LIBRARY   a library relax-compile wrote (model.so)
 *   WEIGHTS   its .safetensors weights, or - for none
 *   FUNCTION  the graph function to call (main)
 *   SHAPE     one per input, dims joined by x (4x784); inputs are f32 and
 *             element j of input i is ((7 j + 3 i) mod 11 - 5) / 4
 * Prints each result's shape and elements.
 *
 * Build: cc run_model.c -I<prefix>/include -L<prefix>/lib -lrelax_runtime
 */

#include "Relax/Runtime/RelaxModule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUTS 16
#define MAX_RANK 8

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s LIBRARY WEIGHTS FUNCTION SHAPE...\n", argv[0]);
    return 1;
  }
  const char *weights = strcmp(argv[2], "-") == 0 ? NULL : argv[2];
  RelaxModule *module = NULL;
  if (relaxModuleLoad(argv[1], weights, &module) != RELAX_OK) {
    fprintf(stderr, "error: %s\n", relaxGetLastErrorMessage());
    return 1;
  }
  RelaxFunction *function = NULL;
  if (relaxModuleGetFunction(module, argv[3], &function) != RELAX_OK) {
    fprintf(stderr, "error: %s\n", relaxGetLastErrorMessage());
    relaxModuleFree(module);
    return 1;
  }
  int numInputs = relaxFunctionGetNumInputs(function);
  if (numInputs != argc - 4 || numInputs > MAX_INPUTS) {
    fprintf(stderr, "error: @%s takes %d inputs, %d shapes given\n", argv[3],
            numInputs, argc - 4);
    relaxModuleFree(module);
    return 1;
  }

  DLTensor inputs[MAX_INPUTS];
  int64_t shapes[MAX_INPUTS][MAX_RANK];
  float *data[MAX_INPUTS] = {0};
  int status = 1;
  for (int i = 0; i < numInputs; ++i) {
    int rank = 0;
    long long count = 1;
    for (char *dim = strtok(argv[4 + i], "x"); dim && rank < MAX_RANK;
         dim = strtok(NULL, "x")) {
      shapes[i][rank] = atoll(dim);
      count *= shapes[i][rank++];
    }
    data[i] = malloc((count ? count : 1) * sizeof(float));
    for (long long j = 0; j < count; ++j)
      data[i][j] = (float)((7 * j + 3 * i) % 11 - 5) / 4.0f;
    DLTensor tensor = {data[i], {kDLCPU, 0}, rank, {kDLFloat, 32, 1},
                       shapes[i], NULL, 0};
    inputs[i] = tensor;
  }

  int numResults = relaxFunctionGetNumResults(function);
  DLManagedTensor **results = calloc(numResults ? numResults : 1,
                                     sizeof(DLManagedTensor *));
  if (relaxFunctionCall(function, inputs, numInputs, results, numResults) !=
      RELAX_OK) {
    fprintf(stderr, "error: %s\n", relaxGetLastErrorMessage());
    goto done;
  }
  for (int r = 0; r < numResults; ++r) {
    DLTensor *tensor = &results[r]->dl_tensor;
    long long count = 1;
    printf("result #%d: shape [", r);
    for (int d = 0; d < tensor->ndim; ++d) {
      printf(d ? ", %lld" : "%lld", (long long)tensor->shape[d]);
      count *= tensor->shape[d];
    }
    printf("]:");
    if (tensor->dtype.code == kDLFloat && tensor->dtype.bits == 32)
      for (long long j = 0; j < count; ++j)
        printf(" %.6g", ((const float *)tensor->data)[j]);
    printf("\n");
    results[r]->deleter(results[r]);
  }
  status = 0;

done:
  free(results);
  for (int i = 0; i < numInputs; ++i)
    free(data[i]);
  relaxModuleFree(module);
  return status;
}
