/** The new feed form's designs as plain data, and how they become createFeed's input (pure). */

/** The slot features the form offers, as switches; the keys are the template's feature keys. */
export const SLOT_SWITCHES = [
  {
    key: 'isContain',
    label: 'Contain',
    description: 'Fit the whole image inside the slot (off: the image covers the slot).',
  },
  { key: 'removeBorders', label: 'Remove borders', description: 'Trim a plain frame or white margin.' },
  {
    key: 'removeBordersHard',
    label: 'Remove borders (hard)',
    description: 'Also trim off-white and light grey frames.',
  },
  {
    key: 'removeBackground',
    label: 'Remove background',
    description: 'Make a plain packshot background transparent.',
  },
] as const;

export type SlotSwitchKey = (typeof SLOT_SWITCHES)[number]['key'];

/** Where a slot's image sits across its box (the server's `horizontalAlignment`). */
export const HORIZONTAL_ALIGNMENTS = ['LEFT', 'CENTER', 'RIGHT'] as const;
export type HorizontalAlignment = (typeof HORIZONTAL_ALIGNMENTS)[number];
/** Where a slot's image sits down its box (the server's `verticalAlignment`). */
export const VERTICAL_ALIGNMENTS = ['TOP', 'MIDDLE', 'BOTTOM'] as const;
export type VerticalAlignment = (typeof VERTICAL_ALIGNMENTS)[number];

/** Where a slot's image sits inside the slot's box; shows most when the image is contained. */
export interface SlotPlacement {
  horizontalAlignment: HorizontalAlignment;
  verticalAlignment: VerticalAlignment;
}

export type SlotPlacementKey = keyof SlotPlacement;

/** Where generation puts an image when neither the template nor the design says. */
export const DEFAULT_PLACEMENT: SlotPlacement = {
  horizontalAlignment: 'CENTER',
  verticalAlignment: 'MIDDLE',
};

/** The placements the form offers, each with its values in words. */
export const SLOT_PLACEMENTS = [
  {
    key: 'horizontalAlignment',
    label: 'Horizontal position',
    options: [
      { value: 'LEFT', label: 'Left' },
      { value: 'CENTER', label: 'Center' },
      { value: 'RIGHT', label: 'Right' },
    ],
  },
  {
    key: 'verticalAlignment',
    label: 'Vertical position',
    options: [
      { value: 'TOP', label: 'Top' },
      { value: 'MIDDLE', label: 'Middle' },
      { value: 'BOTTOM', label: 'Bottom' },
    ],
  },
] as const satisfies readonly {
  [K in SlotPlacementKey]: {
    key: K;
    label: string;
    options: readonly { value: SlotPlacement[K]; label: string }[];
  };
}[SlotPlacementKey][];

/** Every feature of one slot the form offers: the switches and the placement. */
export type SlotFeatures = Record<SlotSwitchKey, boolean> & SlotPlacement;

export type SlotFeatureKey = keyof SlotFeatures;

/** The features of one slot of a design. */
export type SlotChoice = { slotId: string } & SlotFeatures;

/** A design as the form holds it. */
export interface DesignDraft {
  /** A stable React key. */
  key: string;
  /** The feed's design this draft edits (absent: a new design). */
  id?: string;
  templateId: string | null;
  /**
   * The version an existing design is on, kept while its template is not changed (a design on an older
   * version stays there); null: the template's newest version.
   */
  templateVersionId?: string | null;
  /** One entry per slot of the chosen template, in input order. */
  slots: SlotChoice[];
  /** Meta's product-set filter JSON; empty (or `{}`) for every item; null while a rule is incomplete. */
  itemFilter: string | null;
}

const SLOT_FEATURE_KEYS: readonly SlotFeatureKey[] = [
  ...SLOT_SWITCHES.map(({ key }) => key),
  ...SLOT_PLACEMENTS.map(({ key }) => key),
];

/** The slots of a template as the API gives them. */
export interface TemplateSlotLike {
  id: string;
  index: number;
  features: readonly { key: string; value: string }[];
}

const featureValue = (slot: TemplateSlotLike, key: string) =>
  slot.features.find((feature) => feature.key === key)?.value;

/** True for 'true' in any case and with spaces around; null for no value. */
function readSwitch(value: string | undefined): boolean | null {
  return value === undefined ? null : value.trim().toLowerCase() === 'true';
}

/** One of `allowed`, in any case and with spaces around; null for no value or another one. */
function readPlacement<T extends string>(value: string | undefined, allowed: readonly T[]): T | null {
  const upper = value?.trim().toUpperCase();
  return allowed.find((candidate) => candidate === upper) ?? null;
}

/** The features of a template's slots as the template sets them, in input order. */
export function slotChoices(slots: readonly TemplateSlotLike[]): SlotChoice[] {
  return [...slots]
    .sort((a, b) => a.index - b.index)
    .map((slot) => ({
      slotId: slot.id,
      isContain: readSwitch(featureValue(slot, 'isContain')) ?? false,
      removeBorders: readSwitch(featureValue(slot, 'removeBorders')) ?? false,
      removeBordersHard: readSwitch(featureValue(slot, 'removeBordersHard')) ?? false,
      removeBackground: readSwitch(featureValue(slot, 'removeBackground')) ?? false,
      horizontalAlignment:
        readPlacement(featureValue(slot, 'horizontalAlignment'), HORIZONTAL_ALIGNMENTS) ??
        DEFAULT_PLACEMENT.horizontalAlignment,
      verticalAlignment:
        readPlacement(featureValue(slot, 'verticalAlignment'), VERTICAL_ALIGNMENTS) ??
        DEFAULT_PLACEMENT.verticalAlignment,
    }));
}

/** A new, empty design. */
export function emptyDesign(key: string): DesignDraft {
  return { key, templateId: null, slots: [], itemFilter: '' };
}

/**
 * The design's slot features as createFeed takes them: `{ slotId: { isContain: 'true', horizontalAlignment:
 * 'LEFT', … } }`, holding only what differs from the template (generation lays these over the template's
 * own features, so a slot left as designed follows the template).
 */
export function slotFeaturesJson(
  templateSlots: readonly TemplateSlotLike[],
  choices: readonly SlotChoice[],
): string {
  const designed = new Map(slotChoices(templateSlots).map((choice) => [choice.slotId, choice]));
  const result: Record<string, Record<string, string>> = {};
  for (const choice of choices) {
    const base = designed.get(choice.slotId);
    if (!base) continue;
    const changed = SLOT_FEATURE_KEYS.filter((key) => choice[key] !== base[key]).map((key) => [
      key,
      String(choice[key]),
    ]);
    if (changed.length > 0) result[choice.slotId] = Object.fromEntries(changed);
  }
  return JSON.stringify(result);
}

export const INVALID_FILTER_JSON = 'The item filter is not valid JSON.';
export const INCOMPLETE_FILTER = 'Finish the item filter’s rules marked in red, or remove them.';

/** Why an item filter cannot be sent, or null when it is empty or a JSON object. */
export function itemFilterError(text: string | null): string | null {
  if (text === null) return INCOMPLETE_FILTER;
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return INVALID_FILTER_JSON;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'The item filter must be a JSON object, as Meta writes it: {"brand": {"eq": "Acme"}}.';
  return null;
}

/** One design of createFeed's (and updateFeed's) input. */
export interface FeedDesignInput {
  /** updateFeed: the design changed in place. */
  id?: string;
  /** The template's newest version is used… */
  templateId?: string;
  /** …unless the design stays on the version it is on. */
  templateVersionId?: string;
  slotFeaturesJson: string;
  itemFilterJson: string | null;
}

/** The filter to send: none for an empty one or `{}` (every item). */
function filterToSend(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' || trimmed === '{}' ? null : trimmed;
}

/**
 * createFeed's designs, in the form's order. Throws when a design has no template or the template is
 * not among `templates` (the form validates this first).
 */
export function designInputs(
  drafts: readonly DesignDraft[],
  templates: ReadonlyMap<string, { slots: readonly TemplateSlotLike[] }>,
): FeedDesignInput[] {
  return drafts.map((draft, index) => {
    const template = draft.templateId ? templates.get(draft.templateId) : undefined;
    if (!draft.templateId || !template) throw new Error(`Design ${index + 1} has no template.`);
    return {
      ...(draft.id ? { id: draft.id } : {}),
      ...(draft.templateVersionId
        ? { templateVersionId: draft.templateVersionId }
        : { templateId: draft.templateId }),
      slotFeaturesJson: slotFeaturesJson(template.slots, draft.slots),
      itemFilterJson: filterToSend(draft.itemFilter),
    };
  });
}

/**
 * The designs to count layer warnings over while the form is being filled in (draftFeedLayerWarnings),
 * or null when they cannot be counted yet: no design has a template, or an item filter is unfinished
 * (the counts would be of other items). A design whose template is not chosen yet is left out, so adding
 * a design does not take away the warnings of the others.
 */
export function warningDesignInputs(
  drafts: readonly DesignDraft[],
  templates: ReadonlyMap<string, { slots: readonly TemplateSlotLike[] }>,
): FeedDesignInput[] | null {
  const chosen = drafts.filter((draft) => draft.templateId && templates.has(draft.templateId));
  if (chosen.length === 0 || chosen.some((draft) => itemFilterError(draft.itemFilter) !== null)) return null;
  return designInputs(chosen, templates);
}

/**
 * A feed's design as the edit form holds it: the template's slots as the design sets them (the template's
 * own features overlaid with the design's), its version kept, its item filter as stored.
 */
export function designDraftOf(
  design: { id: string; templateVersionId: string; itemFilterJson: string | null },
  /** The design's slot features (parseSlotFeatures of its slotFeaturesJson). */
  features: Readonly<Record<string, Readonly<Record<string, string>>>>,
  templateId: string | null,
  templateSlots: readonly TemplateSlotLike[],
): DesignDraft {
  const slots = slotChoices(templateSlots).map((choice) => {
    const own = features[choice.slotId] ?? {};
    return {
      slotId: choice.slotId,
      isContain: readSwitch(own.isContain) ?? choice.isContain,
      removeBorders: readSwitch(own.removeBorders) ?? choice.removeBorders,
      removeBordersHard: readSwitch(own.removeBordersHard) ?? choice.removeBordersHard,
      removeBackground: readSwitch(own.removeBackground) ?? choice.removeBackground,
      horizontalAlignment:
        readPlacement(own.horizontalAlignment, HORIZONTAL_ALIGNMENTS) ?? choice.horizontalAlignment,
      verticalAlignment:
        readPlacement(own.verticalAlignment, VERTICAL_ALIGNMENTS) ?? choice.verticalAlignment,
    };
  });
  return {
    key: design.id,
    id: design.id,
    templateId,
    templateVersionId: design.templateVersionId,
    slots,
    itemFilter: design.itemFilterJson ?? '',
  };
}

/** The feed name's limit (the server's). */
export const MAX_FEED_NAME_LENGTH = 100;

/** Why a feed name cannot be used, or null. */
export function feedNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the feed a name.';
  if (Array.from(trimmed).length > MAX_FEED_NAME_LENGTH)
    return `A feed name can have at most ${MAX_FEED_NAME_LENGTH} characters.`;
  return null;
}

/** One slot of a design as its page shows it: each feature's value, and which the design changed. */
export interface DesignSlotRow {
  slotId: string;
  /** Null where neither the template (unknown) nor the design says. */
  values: { [K in SlotFeatureKey]: SlotFeatures[K] | null };
  changed: SlotFeatureKey[];
}

/**
 * A design's slots with the features generation uses: the template's own, overlaid by the design's
 * `slotFeatures` (a placement the server does not know counts as unset, as generation leaves it as
 * designed). Without the template (a design on an older version), only the design's own values.
 */
export function designSlotRows(
  templateSlots: readonly TemplateSlotLike[] | undefined,
  slotFeatures: Readonly<Record<string, Readonly<Record<string, string>>>>,
): DesignSlotRow[] {
  const row = (slotId: string, base: Partial<SlotFeatures>): DesignSlotRow => {
    const own = slotFeatures[slotId] ?? {};
    const chosen: DesignSlotRow['values'] = {
      isContain: readSwitch(own.isContain),
      removeBorders: readSwitch(own.removeBorders),
      removeBordersHard: readSwitch(own.removeBordersHard),
      removeBackground: readSwitch(own.removeBackground),
      horizontalAlignment: readPlacement(own.horizontalAlignment, HORIZONTAL_ALIGNMENTS),
      verticalAlignment: readPlacement(own.verticalAlignment, VERTICAL_ALIGNMENTS),
    };
    const effective = <K extends SlotFeatureKey>(key: K): SlotFeatures[K] | null =>
      chosen[key] ?? base[key] ?? null;
    const values: DesignSlotRow['values'] = {
      isContain: effective('isContain'),
      removeBorders: effective('removeBorders'),
      removeBordersHard: effective('removeBordersHard'),
      removeBackground: effective('removeBackground'),
      horizontalAlignment: effective('horizontalAlignment'),
      verticalAlignment: effective('verticalAlignment'),
    };
    const changed = SLOT_FEATURE_KEYS.filter(
      (key) => chosen[key] !== null && chosen[key] !== (base[key] ?? null),
    );
    return { slotId, values, changed };
  };
  if (templateSlots) return slotChoices(templateSlots).map(({ slotId, ...base }) => row(slotId, base));
  return Object.keys(slotFeatures).map((slotId) => row(slotId, {}));
}
