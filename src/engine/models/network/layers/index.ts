/** Layer analysis: per-layer costs of a network given as `LayerSpec`s, and their totals. */
export {
  analyzeLayer,
  analyzeNetwork,
  LAYER_TYPES,
  sumCosts,
  type NetworkAnalysis,
} from './analyze';
export { LAYER_COST_NUMBER_FIELDS, type LayerCostNumberField, type NetworkTotals } from './cost';
export { ACTIVATION_FLOPS_PER_ELEMENT, ACTIVATION_FNS } from './activation';
