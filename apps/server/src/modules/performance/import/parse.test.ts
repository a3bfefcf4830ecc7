import { describe, expect, it } from 'vitest';
import { headerCurrency, headerKey } from './aliases.js';
import { ageValue, attributionValue, countryValue, genderValue, placementOf } from './breakdown-values.js';
import { readDay } from './days.js';
import { readHeaders } from './headers.js';
import { refusals } from './messages.js';
import { readNumber } from './numbers.js';
import { readExportRows, sniffDelimiter } from './read-rows.js';

const num = (text: string, mark: '.' | ',' = '.') => {
  const r = readNumber(text, mark);
  return r.kind === 'number' ? r.value : r.kind;
};

describe('numbers', () => {
  it('reads both decimal styles and every thousands separator', () => {
    expect(num('1,234.56')).toBe(1234.56);
    expect(num('1.234,56', ',')).toBe(1234.56);
    expect(num('1.234,56')).toBe(1234.56);
    expect(num('1 234,56', ',')).toBe(1234.56);
    expect(num('1\u00a0234,56', ',')).toBe(1234.56);
    expect(num('1\u202f234\u202f567', ',')).toBe(1234567);
    expect(num('12,5', ',')).toBe(12.5);
    expect(num('12,5')).toBe(12.5);
    expect(num('0.75')).toBe(0.75);
    expect(num('1,234,567')).toBe(1234567);
    expect(num('1.234.567', ',')).toBe(1234567);
  });
  it('settles a lone separator before three digits by the file’s decimal mark', () => {
    expect(num('1,234')).toBe(1234);
    expect(num('1,234', ',')).toBe(1.234);
    expect(num('1.204', ',')).toBe(1204);
    expect(num('1.204')).toBe(1.204);
  });
  it('tells empty cells from text that is no number', () => {
    expect(num('')).toBe('empty');
    expect(num('-')).toBe('empty');
    expect(num('12,3,4')).toBe('invalid');
    expect(num('1,23.4.5')).toBe('invalid');
    expect(num('12 34')).toBe('invalid');
    expect(num('abc')).toBe('invalid');
    expect(num('-3')).toBe(-3);
  });
});

describe('headers', () => {
  it('match whatever the case, accents, spaces and currency', () => {
    expect(headerKey('Amount spent (USD)')).toBe(headerKey('amount  SPENT'));
    expect(headerKey('Montant dépensé (EUR)')).toBe(headerKey('montant depense'));
    expect(headerKey('Clicks (all)')).not.toBe(headerKey('Clicks'));
    expect(headerCurrency('Importe gastado (EUR)')).toBe('EUR');
    expect(headerCurrency('Clicks (all)')).toBeNull();
  });
  it('map each language and list the unknown columns', () => {
    const fr = readHeaders([
      'Nom de la campagne',
      'Nom de l’ensemble de publicités',
      'Nom de la publicité',
      'Jour',
      'Montant dépensé (EUR)',
      'Impressions',
      'Répétition',
      'Ma colonne',
    ]);
    expect(fr.language).toBe('fr');
    expect(fr.spendCurrency).toBe('EUR');
    expect(fr.columns).toMatchObject({
      campaignName: 0,
      adSetName: 1,
      adName: 2,
      day: 3,
      spend: 4,
      impressions: 5,
    });
    expect(fr.unknownColumns).toEqual(['Ma colonne']);
    const es = readHeaders([
      'Nombre de la campaña',
      'Nombre del anuncio',
      'Día',
      'Importe gastado (MXN)',
      'Edad',
      'Sexo',
      'País',
    ]);
    expect(es.language).toBe('es');
    expect(es.columns).toMatchObject({ age: 4, gender: 5, country: 6 });
    expect(readHeaders(['Campaign name', 'Ad name', 'Amount spent (USD)', 'Impressions']).language).toBe(
      'en',
    );
  });
  it('name the missing required columns, in the file’s language too', () => {
    expect(refusals.notExport(['adName', 'spend'], 'en').message).toBe(
      'This file is not an Ads Manager export: it has no "Ad name" column and no "Amount spent" column. Export the table from Ads Manager (Reports → Export table data) with the ad level selected.',
    );
    expect(refusals.notExport(['adName'], 'fr').message).toContain(
      'no "Ad name" column (or "Nom de la publicité")',
    );
  });
});

describe('days and breakdown values', () => {
  it('reads ISO days, local day orders and Excel dates', () => {
    expect(readDay('2026-03-01', 'en')).toBe('2026-03-01');
    expect(readDay('01/03/2026', 'fr')).toBe('2026-03-01');
    expect(readDay('3/1/2026', 'en')).toBe('2026-03-01');
    expect(readDay(new Date(Date.UTC(2026, 2, 1)), 'en')).toBe('2026-03-01');
    expect(readDay('2026-02-30', 'en')).toBeNull();
    expect(readDay('yesterday', 'en')).toBeNull();
  });
  it('stores breakdown values as the Insights API names them', () => {
    expect(genderValue('Femme')).toBe('female');
    expect(genderValue('Hombre')).toBe('male');
    expect(genderValue('Inconnu')).toBe('unknown');
    expect(ageValue('18–24')).toBe('18-24');
    expect(ageValue('65+')).toBe('65+');
    expect(countryValue('France', 'fr')).toBe('FR');
    expect(countryValue('Allemagne', 'fr')).toBe('DE');
    expect(countryValue('España', 'es')).toBe('ES');
    expect(countryValue('United States', 'en')).toBe('US');
    expect(countryValue('gb', 'en')).toBe('GB');
    expect(placementOf(null, 'Facebook Feed')).toBe('facebook · feed');
    expect(placementOf(null, 'Instagram Stories')).toBe('instagram · instagram_stories');
    expect(placementOf('Instagram', 'Feed')).toBe('instagram · feed');
    expect(placementOf('Audience Network', 'Native, banner and interstitial')).toBe(
      'audience_network · an_classic',
    );
    expect(placementOf('Facebook', null)).toBe('facebook');
    expect(attributionValue('7-day click or 1-day view')).toBe('7d_click_1d_view');
    expect(attributionValue('Clic sur 7 jours ou vue sur 1 jour')).toBe('7d_click_1d_view');
  });
});

async function* bytesOf(...chunks: Buffer[]) {
  yield* chunks;
}

async function rowsOf(...chunks: Buffer[]) {
  const read = await readExportRows(bytesOf(...chunks));
  const rows: unknown[][] = [];
  for await (const row of read.rows) rows.push(row.cells);
  return { ...read, rows };
}

describe('reading CSV', () => {
  it('sniffs the delimiter of the header line', () => {
    expect(sniffDelimiter('"a,b";c;d\n1,2,3,4,5')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('a,b,c')).toBe(',');
  });
  it('drops a UTF-8 BOM and keeps a character split between chunks', async () => {
    const bytes = Buffer.from('\ufeffNom;Montant\n"Été";"1 234,5"\n');
    const split = bytes.indexOf(Buffer.from('É')) + 1;
    const read = await rowsOf(bytes.subarray(0, split), bytes.subarray(split));
    expect(read.delimiter).toBe(';');
    expect(read.rows).toEqual([
      ['Nom', 'Montant'],
      ['Été', '1 234,5'],
    ]);
  });
  it('reads UTF-16 with a BOM, as Excel writes "Unicode text"', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Día\tImporte\n2026-03-01\t3,5\n', 'utf16le'),
    ]);
    const read = await rowsOf(utf16);
    expect(read.delimiter).toBe('\t');
    expect(read.rows).toEqual([
      ['Día', 'Importe'],
      ['2026-03-01', '3,5'],
    ]);
  });
  it('refuses an empty file, a web page, XML and binary bytes with what they are', async () => {
    await expect(rowsOf(Buffer.from('\ufeff  \n'))).rejects.toThrow(refusals.empty().message);
    await expect(rowsOf(Buffer.from('<!DOCTYPE html><html><body>Log in</body></html>'))).rejects.toThrow(
      refusals.htmlPage().message,
    );
    await expect(rowsOf(Buffer.from('<?xml version="1.0"?><rss/>'))).rejects.toThrow(
      refusals.xmlDocument().message,
    );
    await expect(rowsOf(Buffer.from([0x00, 0x01, 0x02, 0x03]))).rejects.toThrow(refusals.binary().message);
  });
});
