// A shared library without GetPjrtApi: what the xla client must refuse as "not a PJRT plugin".
extern "C" __attribute__((visibility("default"))) int hlotrain_not_a_plugin() {
  return 1;
}
