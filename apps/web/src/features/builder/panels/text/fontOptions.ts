/**
 * The font list of the text properties: the global font catalogue (@adloom/renderer's, the families the
 * platform serves at fontAssetPath) and the client's brand-kit fonts (the fontFamilies query), with the
 * weights each family has (spec section 3 "Font catalogue": brand fonts have one weight, 400) named as in
 * spec section 9, and the changes that keep a text's weight and style ones its family has.
 */
import { FONT_FAMILIES, FONT_WEIGHTS, matchFontWeight, type FontWeight } from '@adloom/renderer/fonts';
import { FONT_WEIGHT_NAMES, parseFontWeight } from '@adloom/template';
import type { FontStyle, TextLayer } from '../../model/index.js';

/** A family the user can choose. */
export interface FontChoice {
  family: string;
  /** Upright weights, ascending. */
  weights: readonly number[];
  /** Weights that also exist in italic; empty when the family has no italic. */
  italicWeights: readonly number[];
  source: 'BRAND_KIT' | 'CATALOGUE';
  /** A brand font's file; catalogue files are at fontAssetPath(family, weight). */
  fontUrl: string | null;
}

/** One entry of the fontFamilies query. */
export interface FontFamilyEntry {
  family: string;
  weights: readonly number[];
  italicWeights: readonly number[];
  source: string;
  fontUrl?: string | null;
}

export const BRAND_FONTS_GROUP = 'Brand kit';
export const CATALOGUE_GROUP = 'Font catalogue';
export const UNKNOWN_FONT_GROUP = 'In this template';

/** The catalogue families, shipped with the app (no request needed). */
export const CATALOGUE_CHOICES: readonly FontChoice[] = FONT_FAMILIES.map((family) => ({
  family: family.family,
  weights: family.weights,
  italicWeights: family.italicWeights,
  source: 'CATALOGUE',
  fontUrl: null,
}));

/** The brand-kit fonts of a fontFamilies answer (entries without a file are left out). */
export function brandFontChoices(entries: readonly FontFamilyEntry[] | undefined): FontChoice[] {
  return (entries ?? [])
    .filter((entry) => entry.source === 'BRAND_KIT' && entry.fontUrl)
    .map((entry) => ({
      family: entry.family,
      weights: entry.weights,
      italicWeights: entry.italicWeights,
      source: 'BRAND_KIT',
      fontUrl: entry.fontUrl ?? null,
    }));
}

/**
 * The whole list: brand fonts first, then the catalogue. A brand font named like a catalogue family hides
 * it, as in the renderer, where a request's custom font wins over the catalogue.
 */
export function fontChoices(brand: readonly FontChoice[]): FontChoice[] {
  const brandNames = new Set(brand.map((choice) => choice.family.toLowerCase()));
  return [...brand, ...CATALOGUE_CHOICES.filter((choice) => !brandNames.has(choice.family.toLowerCase()))];
}

/** The choice of a family name, ignoring case like the renderer; undefined for a family not in the list. */
export function findChoice(choices: readonly FontChoice[], family: string): FontChoice | undefined {
  const wanted = family.toLowerCase();
  return choices.find((choice) => choice.family.toLowerCase() === wanted);
}

interface SelectItem {
  value: string;
  label: string;
}

/**
 * The font select's groups: brand fonts under their own heading, then the catalogue. A family the text
 * uses that neither has (a brand font since deleted) is listed on its own, so the field still shows it.
 */
export function fontSelectData(
  choices: readonly FontChoice[],
  current: string,
): { group: string; items: SelectItem[] }[] {
  const item = (choice: FontChoice) => ({ value: choice.family, label: choice.family });
  const groups = [
    { group: BRAND_FONTS_GROUP, items: choices.filter((c) => c.source === 'BRAND_KIT').map(item) },
    { group: CATALOGUE_GROUP, items: choices.filter((c) => c.source === 'CATALOGUE').map(item) },
  ];
  if (!findChoice(choices, current))
    groups.push({ group: UNKNOWN_FONT_GROUP, items: [{ value: current, label: current }] });
  return groups.filter((group) => group.items.length > 0);
}

/** A weight as the spec names it (section 9): '100 Thin' … '900 Black'. */
export function weightLabel(weight: number): string {
  const known = parseFontWeight(weight);
  return known === undefined ? String(weight) : `${known} ${FONT_WEIGHT_NAMES[known]}`;
}

/** Whether the family can be drawn in italic (a family the list does not know is given the benefit). */
export function canItalic(choice: FontChoice | undefined): boolean {
  return choice === undefined || choice.italicWeights.length > 0;
}

function availableWeights(choice: FontChoice | undefined, italic: boolean): readonly number[] {
  if (!choice) return FONT_WEIGHTS;
  return italic && choice.italicWeights.length > 0 ? choice.italicWeights : choice.weights;
}

/**
 * The weight select's options: the weights the family has in the text's style (every weight when the
 * family is not known). The text's own weight is kept in the list even when the family lacks it, so the
 * field shows what the template says.
 */
export function weightOptions(
  choice: FontChoice | undefined,
  italic: boolean,
  current: number,
): SelectItem[] {
  const weights = new Set(availableWeights(choice, italic));
  const missing = !weights.has(current);
  weights.add(current);
  return [...weights]
    .sort((a, b) => a - b)
    .map((weight) => ({
      value: String(weight),
      label:
        missing && weight === current ? `${weightLabel(weight)} (not in this font)` : weightLabel(weight),
    }));
}

function closestWeight(choice: FontChoice | undefined, italic: boolean, desired: number): number {
  const weights = availableWeights(choice, italic) as readonly FontWeight[];
  return matchFontWeight(weights, desired) ?? desired;
}

type FontPatch = Pick<TextLayer, 'fontFamily' | 'fontWeight' | 'fontStyle'>;

/**
 * Choosing a family: the weight becomes the closest one the family has (CSS matching, as the renderer
 * picks a file), and italic is dropped when the family has none.
 */
export function fontFamilyPatch(
  choice: FontChoice,
  text: Pick<TextLayer, 'fontWeight' | 'fontStyle'>,
): FontPatch {
  const italic = text.fontStyle === 'italic' && canItalic(choice);
  const fontStyle: FontStyle = italic ? 'italic' : 'normal';
  return {
    fontFamily: choice.family,
    fontWeight: closestWeight(choice, italic, text.fontWeight),
    fontStyle,
  };
}

/** Turning italic on or off: the weight becomes the closest one the family has in that style. */
export function fontStylePatch(
  choice: FontChoice | undefined,
  text: Pick<TextLayer, 'fontWeight'>,
  italic: boolean,
): Pick<TextLayer, 'fontWeight' | 'fontStyle'> {
  const on = italic && canItalic(choice);
  return { fontStyle: on ? 'italic' : 'normal', fontWeight: closestWeight(choice, on, text.fontWeight) };
}
