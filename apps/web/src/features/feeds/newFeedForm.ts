import type { UseFormReturnType } from '@mantine/form';
import type { DesignDraft } from './feedDraft';

/** What the new feed form holds. */
export interface NewFeedValues {
  name: string;
  catalogId: string | null;
  productSetId: string | null;
  designs: DesignDraft[];
}

export type NewFeedForm = UseFormReturnType<NewFeedValues>;
