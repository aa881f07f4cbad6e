/** Test helper: benchmark output as the tools print it, with made-up figures. */

/** vllm bench serve's result block, in its layout (the figures are made up for the test). */
export const VLLM_OUTPUT = `============ Serving Benchmark Result ============
Successful requests:                     640
Maximum request concurrency:             64
Benchmark duration (s):                  81.93
Total input tokens:                      655360
Total generated tokens:                  327680
Request throughput (req/s):              7.81
Output token throughput (tok/s):         3999.51
Peak output token throughput (tok/s):    4352.00
Peak concurrent requests:                64.00
Total Token throughput (tok/s):          11998.54
---------------Time to First Token----------------
Mean TTFT (ms):                          312.40
Median TTFT (ms):                        280.11
P99 TTFT (ms):                           901.77
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          15.27
Median TPOT (ms):                        15.02
P99 TPOT (ms):                           18.40
---------------Inter-token Latency----------------
Mean ITL (ms):                           15.21
Median ITL (ms):                         14.10
P99 ITL (ms):                            40.12
==================================================`;

/** trtllm-bench throughput's report, in its layout (made-up figures). */
export const TRTLLM_OUTPUT = `===========================================================
= REQUEST DETAILS
===========================================================
Number of requests:             3000
Number of concurrent requests:  1935.0476
Average Input Length (tokens):  128.0000
Average Output Length (tokens): 128.0000
===========================================================
= WORLD + RUNTIME INFORMATION
===========================================================
TP Size:                1
PP Size:                1
Max Runtime Batch Size: 2048
Max Runtime Tokens:     8192
===========================================================
= PERFORMANCE OVERVIEW
===========================================================
Request Throughput (req/sec):                     221.1875
Total Output Throughput (tokens/sec):             28312.0000
Total Token Throughput (tokens/sec):              56624.0000
Average request latency (ms):                     8801.2200
Average time-to-first-token [TTFT] (ms):          4100.5000
Average time-per-output-token [TPOT] (ms):        37.0100
`;
