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
