import type { Rule } from 'eslint';

/** The module-front-door rule (module-front-door.js). */
declare const moduleFrontDoor: Rule.RuleModule;
export default moduleFrontDoor;
