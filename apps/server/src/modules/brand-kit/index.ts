/**
 * The client's brand kit (colours, logos, fonts, texts and files). Ad generation and the live preview
 * take what they draw from it through brandInputsFor, and server renders read brand fonts from the file
 * store through brandKitFontSource.
 */
export { brandInputsFor, type BrandInputs } from './brand-inputs.js';
export { brandKitFontSource } from './brand-kit.fonts.js';
import './brand-kit.schema.js';
