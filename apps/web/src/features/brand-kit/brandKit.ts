import type { ResultOf } from 'gql.tada';
import type { BrandKitQuery } from './api/brandKit';

export type BrandKitData = ResultOf<typeof BrandKitQuery>['brandKit'];
export type BrandColor = BrandKitData['colors'][number];
export type BrandFont = BrandKitData['fonts'][number];
export type BrandLogo = BrandKitData['logos'][number];
export type BrandGuide = BrandKitData['guides'][number];
export type BrandDisclaimer = BrandKitData['disclaimers'][number];
export type BrandAudio = BrandKitData['audios'][number];
export type BrandKitLimit = BrandKitData['limits'][number];
export type BrandKitKind = BrandKitLimit['type'];

/** What any item has: enough to rename or delete it. */
export interface BrandKitItemRef {
  id: string;
  name: string;
  type: BrandKitKind;
}

/**
 * Every brand kit mutation refetches the kit: their answers hold BrandKitItem, a type the kit query does
 * not contain, so the cache is told by name.
 */
export const brandKitContext = { additionalTypenames: ['BrandKit'] };
