// The part of semver (npm's own version rules, installed with the toolchain) that engines.test.ts uses.
declare module 'semver' {
  const semver: {
    /** Whether a version lies in a range such as `^20.19.0 || >=22`. */
    satisfies(version: string, range: string): boolean;
    /** The lowest version a range admits. */
    minVersion(range: string): { version: string } | null;
  };
  export default semver;
}
