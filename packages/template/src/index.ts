export { APPLICATION, BUILDER } from './constants.js';
