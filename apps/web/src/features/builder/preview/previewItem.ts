import type { ResultOf } from 'gql.tada';
import type { PreviewItemsQuery } from './api/previewItems';

/** A catalogue item the preview can show: what the item list, the server and the live preview read. */
export type PreviewItem = ResultOf<typeof PreviewItemsQuery>['catalogItems']['items'][number];

/** How many items the preview list shows at a time. */
export const PREVIEW_PAGE_SIZE = 20;
