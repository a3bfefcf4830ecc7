/** The signed-in shell (header, sidebar, user menu) every workspace, account and portal screen sits in. */
export { clientNavSections } from './clientNav';
export type { NavSection } from './navTypes';
export { SignedInShell } from './SignedInShell';
