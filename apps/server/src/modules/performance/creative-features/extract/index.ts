/** Creative features of a client's ads and generated creatives (issue 19): computing and storing them. */
export {
  extractClientFeatures,
  extractCreative,
  extractionProgress,
  type ExtractDeps,
  type ExtractionRun,
} from './extract.service.js';
export { EXTRACT_FEATURES_JOB, requestFeatureExtraction } from './extract.jobs.js';
export { imageStats, ImageStatsError } from './image-stats.js';
export { measureExtraction, type ExtractionMeasure } from './measure.js';
export { templateLayers, templateVersionFeatures } from './template-features.js';
