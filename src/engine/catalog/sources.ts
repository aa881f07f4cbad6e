/**
 * The public documents the catalog cites, one constant each, so a source is spelled the same
 * way wherever it is used. Measurements are marked with who measured what.
 */

// Vendor documents (peaks).

/** NVIDIA A100 datasheet and Ampere GA100 whitepaper. */
export const NVIDIA_A100 =
  'NVIDIA A100 Tensor Core GPU datasheet and "NVIDIA A100 Tensor Core GPU Architecture" whitepaper (dense figures; also tabulated in stas00/ml-engineering compute/accelerator/README.md)';
/** NVIDIA H100 datasheet and Hopper whitepaper. */
export const NVIDIA_H100 =
  'NVIDIA H100 Tensor Core GPU datasheet and "NVIDIA H100 Tensor Core GPU Architecture" whitepaper (dense figures; also tabulated in stas00/ml-engineering compute/accelerator/README.md)';
/** NVIDIA H200 datasheet. */
export const NVIDIA_H200 =
  'NVIDIA H200 Tensor Core GPU datasheet (same GH100 compute as H100 SXM; 141 GB HBM3e at 4.8 TB/s)';
/** NVIDIA Ada whitepaper appendix for the GeForce RTX 4090. */
export const NVIDIA_ADA =
  '"NVIDIA Ada GPU Architecture" whitepaper, appendix table for the GeForce RTX 4090 (dense tensor figures)';
/** NVIDIA GA102 whitepaper appendix for the GeForce RTX 3080. */
export const NVIDIA_GA102 =
  '"NVIDIA Ampere GA102 GPU Architecture" whitepaper, appendix table for the GeForce RTX 3080 (10 GB)';
/** NVIDIA's GTX 1650 product page (TU117). */
export const NVIDIA_GTX1650 =
  'NVIDIA GeForce GTX 1650 product specifications (TU117, GDDR5 version)';
/** NVIDIA V100 datasheet and Volta whitepaper. */
export const NVIDIA_V100 =
  'NVIDIA Tesla V100 datasheet and "NVIDIA Tesla V100 GPU Architecture" (Volta) whitepaper (SXM2: 80 SMs, 5,120 FP32 lanes, 640 tensor cores, 1,530 MHz boost, 15.7 FP32 and 125 fp16 tensor TFLOPS, 16 GB HBM2 at 900 GB/s, 6 MB L2, PCIe 3.0 x16 host link)';
/** NVIDIA T4 datasheet and Turing whitepaper. */
export const NVIDIA_T4 =
  'NVIDIA T4 Tensor Core GPU datasheet and "NVIDIA Turing GPU Architecture" whitepaper (TU104: 40 SMs, 2,560 FP32 lanes, 320 tensor cores, 1,590 MHz boost, 8.1 FP32 and 65 fp16 mixed-precision TFLOPS, 16 GB GDDR6 at 320 GB/s, 4 MB L2, PCIe 3.0 x16, 70 W)';
/** NVLink generations per GPU, from the A100 and H100 datasheets. */
export const NVLINK_SPEC =
  'NVIDIA A100 and H100 datasheets: NVLink 3 600 GB/s and NVLink 4 900 GB/s per GPU counting both directions (12 and 18 links of 50 GB/s), i.e. 300 and 450 GB/s each way, as tabulated in stas00/ml-engineering network/README.md';
/** InfiniBand port rates. */
export const INFINIBAND_SPEC =
  'InfiniBand Trade Association link rates, as tabulated in stas00/ml-engineering network/README.md: a 4x HDR port signals 200 Gb/s and a 4x NDR port 400 Gb/s in each direction (25 and 50 GB/s)';
/** Apple's M2 announcement. */
export const APPLE_M2 =
  'Apple M2 announcement, June 2022 (10-core GPU, 3.6 TFLOPS, 100 GB/s unified memory, up to 24 GB)';
/** Intel ARK page for the i9-14900K. */
export const INTEL_I9_14900K =
  'Intel ARK, Core i9-14900K (8 P-cores + 16 E-cores, 32 threads, P-core turbo 5.6 GHz, TVB 6.0 GHz, E-core turbo 4.4 GHz, 36 MB cache, DDR5-5600 dual channel 89.6 GB/s)';
/** The CUDA programming guide's per-compute-capability limits. */
export const CUDA_GUIDE_LIMITS =
  'CUDA C++ Programming Guide, "Technical Specifications per Compute Capability" (resident threads and blocks per SM)';
/** The PCI Express base specifications. */
export const PCIE_SPEC =
  'PCI Express base specifications 3.0/4.0/5.0: 8/16/32 GT/s per lane with 128b/130b encoding, x16, per direction';

// Public measurements.

/** ml-engineering's Maximum Achievable Matmul FLOPS table. */
export const MAMF_TABLE =
  'stas00/ml-engineering compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS comparison table" (best bf16 matmul over a shape sweep)';
/** ml-engineering's H200 vs B200 notes with MAMF for H200. */
export const MAMF_H200 =
  'stas00/ml-engineering H200-to-B200 upgrade notes, "MAMF: the realistic ceiling" tables (H200 SXM bf16 794.5, fp8 1453.4 TFLOPS)';
/** The course's own table of measured results. */
export const COURSE_MEASUREMENTS = 'shared/design/hardware-figures.md, "Measured results" table';
/** Community PyTorch matmul throughput database. */
export const TORCH_MATMUL_DB =
  'zzc0721/torch-performance-test-data database.md (torch.matmul TFLOPS per dtype, community submissions)';
/** A TF32 matmul measurement on an A100 40 GB. */
export const BUSY_GEMM =
  'bewantbe/busy-gemm-benchmark README (torch matmul, n = 8000; A100 40G tf32 108 TFLOPS)';
/** Simon Boehm's SGEMM worklog on an RTX A6000. */
export const SIBOEHM_SGEMM =
  'Simon Boehm, "How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance" (cuBLAS SGEMM 23,249.6 GFLOP/s at 4096 on an RTX A6000, GA102)';
/** Azure ND H100 v5 benchmark results. */
export const AZURE_ND_H100 =
  'samuel-bohman/AI-benchmarking-guide Azure_Results/ND_H100_v5_results.md (BabelStream, cuBLASLt FP8 sweep, nvbandwidth on H100 SXM)';
/** TileOPs' measured H200 device profile. */
export const TILEOPS_H200 =
  'tile-ai/TileOPs tileops/perf/profiles/h200.yaml (hbm_bandwidth_gbs measured 4255.36)';
/** A public global-memory bandwidth benchmark on RTX 4090 and A100 40 GB. */
export const NVBENCH_BANDWIDTH =
  'xytpai/nvbench README, global_memory_bandwidth (RTX 4090 up to 921.85 GB/s, A100-40GB up to 1379.71 GB/s)';
/** A memcopy peak measured on an A100 SXM4 80 GB. */
export const FASTICEFLO_A100 =
  'AnjaliSandip/FastIceFlo output/EffectiveMemoryThroughput.md (memcopy peak 1536 GB/s on A100 SXM4 80GB)';
/** OpenCL-Benchmark run on a GH200 (same GH100 die as H100 SXM). */
export const OPENCL_BENCH_GH200 =
  'mredenti/PowerCapping configuration/OpenCL_benchmark.md (OpenCL-Benchmark on GH200: FP32 compute 62.961 TFLOPs/s of 66.908)';
/** RTX 4090 FP32 FMA microbenchmark reports. */
export const RTX4090_FMA =
  'public RTX 4090 instruction microbenchmark reports (FP32 FMA 79.1 TFLOP/s), as listed in shared/design/hardware-figures.md';
/** Pinned PCIe 4.0 copy on an A10. */
export const PCIE4_A10 =
  'public CUDA bandwidthTest results on an A10 (PCIe 4.0 x16): pinned host-to-device 25.2 GB/s, as listed in shared/design/hardware-figures.md';
/** Pinned PCIe 3.0 copies on a P100. */
export const PCIE3_GEARSHIFFT =
  'gearshifft PR #82 measurements on a P100 (PCIe 3.0 x16): pinned 12.2 GB/s H2D, 12.9 GB/s D2H';
/** Pageable vs pinned on PCIe 3.0. */
export const PAGEABLE_DASK_CUDA =
  'rapidsai/dask-cuda PR #98: pageable host memory 5-6 GB/s against 11-12 GB/s pinned on PCIe 3.0';
/** Kernel launch and small-copy latencies. */
export const LAUNCH_LATENCY =
  'public measurements summarised in shared/design/hardware-figures.md: a kernel launch costs about 4-6 us; a small host-device copy with its API call and a sync costs tens of us';
/** Dependent-instruction latency of NVIDIA GPU ALUs. */
export const GPU_ALU_LATENCY =
  'Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking" (2018) and "... Turing T4 ..." (2019); Abdelkhalik et al., "Demystifying the NVIDIA Ampere Architecture through Microbenchmarking" (2022): dependent FP32/INT32 ALU ops take about 4 cycles';
/** x86 integer latency tables. */
export const AGNER_FOG =
  'Agner Fog, "Instruction tables" (Golden Cove / Gracemont: dependent integer ADD, XOR and shifts take 1 clock)';
/** Our own assumption, where no public figure was found. */
export const ENGINE_ESTIMATE = 'GPU Lab cost-engine assumption; no public measurement found';
/** bandwidthTest on an A100 PCIe 40 GB. */
export const BANDWIDTHTEST_A100_PCIE =
  'jdh4/della-gpu-A100 README (CUDA bandwidthTest range mode on an A100-PCIE-40GB: pinned D2H 25.4-26.3 GB/s, device-to-device 1190.9-1318.5 GB/s for 100 MB to 1 GB)';
/** A V100 SXM2 benchmarked with GPUInspector.jl. */
export const GPUINSPECTOR_V100 =
  'pc2/GPUInspector.jl docs/src/devices/v100_sxm2.md (Tesla V100-SXM2-32GB: FP32 peakflops 15.5 of 15.7 TFLOP/s; cuBLAS SAXPY memory bandwidth 754.39 GiB/s = 810.02 GB/s, counting 3 x 4 bytes per element)';
/** CUDA bandwidthTest on a T4 and a V100 SXM2 16 GB. */
export const BANDWIDTHTEST_T4_V100 =
  'router-gao/cuda-demo cuda-samples/02-cuda-bandwidth.md (CUDA bandwidthTest quick mode, 32 MB, device to device, read + write counted: Tesla T4 239.6 GB/s, Tesla V100-SXM2-16GB 739.8 GB/s)';
/** A cuBLAS fp16 GEMM on a V100 PCIe. */
export const V100_HGEMM_FORUM =
  'NVIDIA developer forum thread "Understanding IPC and issue slot utilization when using tensor cores" (cuBLAS fp16 GEMM, M = N = K = 8192, on a Tesla V100 PCIe: about 101 TFLOPS of the about 112 its tensor cores peak at 1.38 GHz)';

// Collective communication (NCCL) measurements and models.

/** The course's all-reduce row, also in ml-engineering's network chapter. */
export const ALLREDUCE_A100_NVSWITCH = `${COURSE_MEASUREMENTS}: all-reduce of 8 GiB over 8x A100 SXM with NVSwitch, nccl-tests, 64.07 ms, bus bandwidth 234.6 GB/s (stas00/ml-engineering network/README.md)`;
/** Ring all-reduce on 8x H200 with NVLink SHARP disabled. */
export const ALLREDUCE_H200_RING =
  'stas00/ml-engineering network/benchmarks/results/all-reduce-8xH200.md (8x H200 SXM, NVLink 4: with NVLink SHARP disabled, so NCCL runs a ring, the all-reduce bus bandwidth is 367.61 GB/s)';
/** Small all-reduce on the same 8x H200 node. */
export const ALLREDUCE_H200_SMALL =
  'stas00/ml-engineering network/benchmarks/README.md, "How the calls are timed" (8x H200, nccl-tests all-reduce of 32 KiB: bus bandwidth 3.20 GB/s, i.e. 17.9 us; NCCL runs Ring/LL at that size)';
/** NCCL maintainer on H100 NVLink ring bandwidth. */
export const NCCL_TESTS_212 =
  'NVIDIA/nccl-tests issue #212, maintainer comment: on 8x H100, NVLink 4 is 450 GB/s line rate and NCCL reaches an effective 370 GB/s bus bandwidth with NCCL_ALGO=RING';
/** A single 8x A100 node measured by a user. */
export const NCCL_1048 =
  'NVIDIA/nccl issue #1048: 8x A100 in one node, all_reduce_perf -b 8 -e 4G -f 2 -g 8, 232.54 GB/s bus bandwidth';
/** NCCL maintainer on DGX A100 over HDR InfiniBand. */
export const NCCL_812 =
  'NVIDIA/nccl issue #812, maintainer comment: a DGX A100 with 8x 200 Gb/s HDR InfiniBand cards measures 192 GB/s all-reduce bus bandwidth between nodes';
/** NCCL maintainer on NDR InfiniBand. */
export const NCCL_TESTS_290 =
  'NVIDIA/nccl-tests issue #290, maintainer comment: with NDR InfiniBand at 400 Gb/s a ring all-reduce between nodes should show 46-48 GB/s per NIC';
/** Two HGX A100 nodes with four HDR NICs each. */
export const NCCL_TESTS_100 =
  'NVIDIA/nccl-tests issue #100: two HGX A100 nodes (16 GPUs) with four ConnectX-6 200 Gb/s HDR NICs each, all_reduce_perf 1-8 GB: 91 GB/s bus bandwidth';
/** How NCCL's topology code rates a PCIe link. */
export const NCCL_PCI_MODEL =
  'NVIDIA/nccl src/graph/topo.cc: a PCIe link is rated width x speed / 80 GB/s, i.e. 12 GB/s for Gen3 x16, 24 GB/s for Gen4 x16 and 48 GB/s for Gen5 x16, three quarters of the raw rate';
/** All-reduce on eight PCIe 5.0 GeForce cards. */
export const NCCL_1639 =
  'NVIDIA/nccl issue #1639: 8x RTX 5090 on PCIe 5.0 reach 28 GB/s all-reduce bus bandwidth (35 GB/s with 4); maintainer: on PCIe systems the CPU and memory usually set the ceiling';
/** Small all-reduce over PCIe on eight RTX 4090s. */
export const NCCL_1530 =
  'NVIDIA/nccl issue #1530: 8x RTX 4090 over PCIe, all_reduce_perf of 8 bytes takes 43.47 us';
/** NCCL's tuning model. */
export const NCCL_TUNING =
  'NVIDIA/nccl src/graph/tuning.cc: ring latency = base + (2(n-1) - 2(nodes-1)) x intra-node hop + 2(nodes-1) x network hop; network hop 2.7 us (LL), 4.0 us (LL128), 9.6 us (Simple)';
/** What nccl-tests bus bandwidth means for each collective. */
export const NCCL_TESTS_PERFORMANCE =
  'NVIDIA/nccl-tests doc/PERFORMANCE.md (bus bandwidth = algorithm bandwidth x 2(n-1)/n for all-reduce, x 1 for broadcast and reduce, x (n-1)/n for all-gather and reduce-scatter)';
/** How torch.nn.DataParallel moves data. */
export const PYTORCH_DATAPARALLEL =
  'PyTorch torch.nn.DataParallel and torch/nn/parallel/_functions.py: inputs are scattered from GPU 0 and outputs gathered back to it by peer copies; the module is broadcast from GPU 0 every step (broadcast_coalesced) and gradients summed back onto it (reduce_add_coalesced)';
