/**
 * A client's brand kit (spec section 3, "Brand kit data"). Colours are built here, for the builder's
 * palette (issue 4); the other kinds (fonts, logos, guides, audio, disclaimers) come with the brand kit
 * screen (issue 7) and are refused until then with a message that says so.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brandKitItems, type BrandKitItemRow, type BrandKitItemType } from '../../db/schema.js';
import { DomainError, invalidInput } from '../../errors.js';
import type { Actor } from '../users/members.service.js';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const MAX_NAME = 100;

/** What createBrandKitItem sends (spec section 7, row 5). */
export interface BrandKitItemInput {
  name: string;
  type: BrandKitItemType;
  legalAgreement?: boolean | null;
  textContent?: string | null;
}

/** A colour as the builder stores it: #rrggbb in lower case (#rgb is widened, alpha kept as #rrggbbaa). */
export function normaliseColour(value: string): string {
  const text = value.trim();
  if (!HEX_COLOUR.test(text))
    throw invalidInput(`'${text.slice(0, 40)}' is not a colour: use a hex value such as #1e88e5.`);
  const digits = text.slice(1).toLowerCase();
  const wide = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${wide}`;
}

export function listColours(db: Db, clientId: string): Promise<BrandKitItemRow[]> {
  return db
    .select()
    .from(brandKitItems)
    .where(and(eq(brandKitItems.clientId, clientId), eq(brandKitItems.type, 'COLOR')))
    .orderBy(asc(brandKitItems.createdAt), asc(brandKitItems.id));
}

export async function createBrandKitItem(
  db: Db,
  actor: Actor,
  input: BrandKitItemInput,
): Promise<BrandKitItemRow> {
  if (input.type !== 'COLOR')
    throw new DomainError(
      'NOT_AVAILABLE',
      'Only colours can be added to the brand kit yet; fonts, logos, guides, audio and disclaimers are not built yet.',
    );
  const name = input.name.trim() || 'New Color';
  if (Array.from(name).length > MAX_NAME)
    throw invalidInput(`A colour name can have at most ${MAX_NAME} characters.`);
  const textContent = normaliseColour(input.textContent ?? '');
  const [row] = await db
    .insert(brandKitItems)
    .values({ clientId: actor.clientId, type: 'COLOR', name, textContent, createdById: actor.user.id })
    .returning();
  return row!;
}
