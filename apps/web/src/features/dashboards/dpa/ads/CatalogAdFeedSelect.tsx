import { Select } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../../../app/store/useNotify';
import { mutationFailure } from '../../../../lib/graphqlErrors';
import { SetCatalogAdFeedMutation } from '../api/setCatalogAdFeed';
import type { DpaAdKind } from '../model/dpaPages';

/** The Select's value for "the plain catalogue image" (a feed's value is its id). */
const CATALOG_IMAGE = 'catalog';
/** An Adloom ad published from a template without a feed: what it shows now, not a choice to make. */
const OWN_TEMPLATE = 'template';

/**
 * What a catalogue ad shows: the plain catalogue image, or the Adloom creatives of one of the workspace's
 * feeds. Imported and Meta ads cannot tell, so the marketer says it here; saved at once.
 */
export function CatalogAdFeedSelect({
  adId,
  adName,
  kind,
  feedId,
  feedName,
  feeds,
  onSaved,
}: {
  adId: string;
  adName: string;
  kind: DpaAdKind;
  feedId: string | null;
  feedName: string | null;
  feeds: readonly { id: string; name: string }[];
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [{ fetching }, save] = useMutation(SetCatalogAdFeedMutation);
  // Shown at once and kept until the list is asked again (the table keys this Select by the ad's feed).
  const [chosen, setChosen] = useState<string | null>(null);
  const ownTemplate = kind === 'ENHANCEMENT' && !feedId;
  const value = chosen ?? feedId ?? (ownTemplate ? OWN_TEMPLATE : CATALOG_IMAGE);
  const options = [
    { value: CATALOG_IMAGE, label: 'Catalogue image' },
    ...(ownTemplate ? [{ value: OWN_TEMPLATE, label: 'Adloom creatives of its template' }] : []),
    ...feeds.map((feed) => ({ value: feed.id, label: `Adloom creatives of ${feed.name}` })),
  ];
  // A feed the list does not hold (deleted, or not loaded yet) is still named.
  if (feedId && !feeds.some((feed) => feed.id === feedId)) {
    options.push({ value: feedId, label: `Adloom creatives of ${feedName ?? 'a feed'}` });
  }

  const change = async (next: string) => {
    setChosen(next);
    const nextFeedId = next === CATALOG_IMAGE ? null : next;
    const result = await save({ adId, feedId: nextFeedId });
    const failure = mutationFailure(result, result.data?.setCatalogAdFeed);
    if (failure) {
      setChosen(null);
      notify.error(`What “${adName}” shows was not saved: ${failure}`);
      return;
    }
    const label = options.find((option) => option.value === next)?.label ?? 'Catalogue image';
    notify.success(`“${adName}” shows: ${label}.`);
    onSaved();
  };

  return (
    <Select
      aria-label={`What ${adName} shows`}
      data={options}
      value={value}
      allowDeselect={false}
      disabled={fetching}
      size="xs"
      w={240}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next && next !== value && next !== OWN_TEMPLATE) notify.reportFailure(change(next));
      }}
    />
  );
}
