// The text properties of the template builder (issue 6) and the brand kit's fonts in it (issue 7): font,
// weight, italic, size, line height, alignment, placeholders with filters, one undo step per field visit,
// save and reload; a font uploaded to the brand kit listed under its own heading, chosen, and drawn on the
// canvas. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { RENDERER_ERRORS } from '@adloom/template';
import { latoBlackWoff2 } from '../apps/server/test/fixtures/brand-kit.js';
import { fixtures } from './fixtures.js';
import {
  canvasInk,
  clientGraphql,
  expectEditing,
  openTab,
  showFields,
  signIn,
  watchPage,
} from './helpers.js';

const graphql = clientGraphql;

/** A new template with an image slot (so it may be saved) and a text, the text selected. */
async function newTemplateWithText(page: Page) {
  await page.goto(`/clients/${fixtures().clients.acme}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(textField(page)).toHaveValue('Text');
}

const textField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });
const fontField = (page: Page) => page.getByRole('combobox', { name: 'Font', exact: true });
const weightField = (page: Page) => page.getByRole('combobox', { name: 'Weight', exact: true });

/** Picks an option of a Mantine select. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The options a select offers. */
async function optionsOf(page: Page, field: Locator): Promise<string[]> {
  await field.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((name) => name.trim());
}

async function saveNew(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  return expectEditing(page, name);
}

async function savedSvg(page: Page, id: string): Promise<string> {
  const { productCatalogTemplate } = await graphql<{ productCatalogTemplate: { templateString: string } }>(
    page,
    'query ($id: ID!) { productCatalogTemplate(id: $id) { templateString } }',
    { id },
  );
  return productCatalogTemplate.templateString;
}

async function selectLayer(page: Page, name: string) {
  await openTab(page, 'LAYERS');
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
}

/** Whether the page has a loaded font face of that family. */
function fontLoaded(page: Page, family: string) {
  return page.evaluate(
    (wanted) =>
      [...document.fonts].some(
        (face) => face.family.replace(/^"|"$/g, '') === wanted && face.status === 'loaded',
      ),
    family,
  );
}

test('a text styled and filled with placeholders and filters keeps everything through save and reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);
  await newTemplateWithText(page);

  // The spec's default font, then a catalogue family found by searching; only the weights it has.
  await expect(fontField(page)).toHaveValue('Open Sans');
  await expect(weightField(page)).toHaveValue('400 Normal');
  await fontField(page).click();
  await fontField(page).fill('lat');
  await page.getByRole('option', { name: 'Lato', exact: true }).click();
  await expect(fontField(page)).toHaveValue('Lato');
  expect(await optionsOf(page, weightField(page))).toEqual([
    '100 Thin',
    '300 Light',
    '400 Normal',
    '700 Bold',
    '900 Black',
  ]);
  await choose(page, weightField(page), '700 Bold');
  await page.getByRole('switch', { name: 'Italic' }).check();

  // Size and line height; typing in a field is one undo step.
  const size = page.getByRole('textbox', { name: 'Size', exact: true });
  await size.fill('80');
  await size.press('Tab');
  const lineHeight = page.getByRole('textbox', { name: 'Line height', exact: true });
  await lineHeight.click();
  await lineHeight.press('Control+a');
  await page.keyboard.type('1.4');
  await lineHeight.press('Tab');
  await expect(lineHeight).toHaveValue('1.4');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(lineHeight).toHaveValue('1.16');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(lineHeight).toHaveValue('1.4');

  await page.locator('label').filter({ hasText: 'Align right' }).click();
  await expect(page.getByRole('radio', { name: 'Align right' })).toBeChecked();

  // The template string: typed, a placeholder inserted from the list, filters added to it.
  const text = textField(page);
  await text.fill('Now ');
  await text.press('Control+End');
  await page.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('textbox', { name: 'Search fields' }).fill('title');
  await page.getByRole('option', { name: /^\{title\}/ }).click();
  await expect(text).toHaveValue('Now {title}');
  await expect(text).toBeFocused();
  await page.keyboard.type(' for ');
  await page.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('option', { name: /^\{price_super\}/ }).click();
  await expect(text).toHaveValue('Now {title} for {price_super}');

  // A math filter is checked with the spec's rule and messages before it is added.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByRole('menu').getByText('Add to {price_super}')).toBeVisible();
  await page.getByRole('menuitem', { name: /^Math/ }).click();
  const expression = page.getByRole('textbox', { name: 'Expression' });
  await expression.fill('*x');
  await expect(page.getByText(RENDERER_ERRORS.mathInvalidInput, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(text).toHaveValue('Now {title} for {price_super}');
  await expression.fill('*0.8');
  await expect(page.getByText(RENDERER_ERRORS.mathInvalidInput, { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(text).toHaveValue('Now {title} for {price_super|math:*0.8}');

  // A filter goes to the placeholder at the cursor.
  await text.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(6, 6));
  const x = await page.getByRole('textbox', { name: 'X', exact: true }).inputValue();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByRole('menu').getByText('Add to {title}')).toBeVisible();
  // Keys in the menu move through it; they neither nudge nor delete the text.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('textbox', { name: 'X', exact: true })).toHaveValue(x);
  await page.getByRole('menuitem', { name: /^Maximum length/ }).click();
  await page.getByRole('textbox', { name: 'Characters' }).fill('20');
  await page.getByRole('textbox', { name: 'Characters' }).press('Enter');
  await text.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(6, 6));
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name: /^Uppercase/ }).click();
  const finalText = 'Now {title|maxlength:20|uppercase} for {price_super|math:*0.8}';
  await expect(text).toHaveValue(finalText);

  // Typing several characters is one undo step; shortcuts stay off while typing.
  await text.press('Control+End');
  await page.keyboard.type(' only');
  await page.keyboard.press('Backspace');
  await expect(text).toHaveValue(`${finalText} onl`);
  await page.getByRole('textbox', { name: 'Template name' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(text).toHaveValue(finalText);

  const id = await saveNew(page, `E2E text ${randomUUID().slice(0, 8)}`);
  const svg = await savedSvg(page, id);
  expect(svg).toContain('font-family="Lato"');
  expect(svg).toContain('font-weight="700"');
  expect(svg).toContain('font-style="italic"');
  expect(svg).toContain('font-size="80"');
  expect(svg).toContain('data-align="right"');
  expect(svg).toContain('data-line-height="1.4"');
  expect(svg).toContain(`title="${finalText}"`);

  await page.reload();
  await selectLayer(page, 'Text');
  await expect(textField(page)).toHaveValue(finalText);
  await expect(fontField(page)).toHaveValue('Lato');
  await expect(weightField(page)).toHaveValue('700 Bold');
  await expect(page.getByRole('switch', { name: 'Italic' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Size', exact: true })).toHaveValue('80');
  await expect(page.getByRole('textbox', { name: 'Line height', exact: true })).toHaveValue('1.4');
  await expect(page.getByRole('radio', { name: 'Align right' })).toBeChecked();
  expect(await fontLoaded(page, 'Lato')).toBe(true);

  expect(problems).toEqual([]);
});

test('a font uploaded to the brand kit is in the builder font list and the canvas draws it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);

  // Upload the font as the brand kit screen does (licence confirmed); its name follows the spec's rule.
  await page.goto(`/clients/${fixtures().clients.acme}/brand-kit/`);
  const fonts = page.getByRole('region', { name: 'Fonts', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await fonts.getByRole('button', { name: 'Upload font' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'builder brand.woff2', mimeType: 'font/woff2', buffer: latoBlackWoff2() }]);
  const dialog = page.getByRole('dialog', { name: 'Upload font' });
  await dialog.getByRole('checkbox', { name: /hold a licence/ }).check();
  await dialog.getByRole('button', { name: 'Upload font' }).click();
  await expect(fonts.getByRole('article', { name: 'Builder Brand' })).toBeVisible();
  const { fontFamilies } = await graphql<{
    fontFamilies: { family: string; fontUrl: string | null }[];
  }>(page, '{ fontFamilies { family fontUrl } }');
  const fontUrl = fontFamilies.find((font) => font.family === 'Builder Brand')?.fontUrl;
  expect(fontUrl).toBeTruthy();

  try {
    await newTemplateWithText(page);
    // The template's own drawing, not the ad drawn with a catalogue item (the product view).
    await showFields(page);
    await expect.poll(() => fontLoaded(page, 'Open Sans')).toBe(true);
    await expect.poll(() => canvasInk(page)).toBeGreaterThan(0);
    const openSansInk = await canvasInk(page);

    // Listed under the brand kit's heading, found by searching, chosen: only the file's weight (Lato Black:
    // 900, read from the font), no italic.
    await fontField(page).click();
    const brandGroup = page
      .getByRole('listbox', { name: 'Font' })
      .getByRole('group', { name: 'Brand kit', exact: true });
    await expect(brandGroup.getByRole('option', { name: 'Builder Brand', exact: true })).toBeVisible();
    await fontField(page).fill('builder');
    const fontFile = page.waitForResponse((response) => response.url().endsWith(fontUrl!));
    await page.getByRole('option', { name: 'Builder Brand', exact: true }).click();
    expect((await fontFile).ok()).toBe(true);
    await expect(fontField(page)).toHaveValue('Builder Brand');
    expect(await optionsOf(page, weightField(page))).toEqual(['900 Black']);
    await expect(page.getByRole('switch', { name: 'Italic' })).toBeDisabled();

    // The canvas draws the text in the brand font (Lato Black: far more ink than Open Sans Regular).
    await expect.poll(() => fontLoaded(page, 'Builder Brand')).toBe(true);
    await expect.poll(() => canvasInk(page)).toBeGreaterThan(openSansInk * 1.4);

    // Saved with the family the renderer and generation look the font up by; reopened, drawn in it again.
    const id = await saveNew(page, `E2E brand font ${randomUUID().slice(0, 8)}`);
    expect(await savedSvg(page, id)).toContain('font-family="Builder Brand"');
    await page.reload();
    await expect.poll(() => fontLoaded(page, 'Builder Brand')).toBe(true);
    await expect.poll(() => canvasInk(page)).toBeGreaterThan(openSansInk * 1.4);
    await selectLayer(page, 'Text');
    await expect(fontField(page)).toHaveValue('Builder Brand');
  } finally {
    // The other browser tests count Acme's brand fonts.
    const { brandKit } = await graphql<{ brandKit: { fonts: { id: string; name: string }[] } }>(
      page,
      '{ brandKit { fonts { id name } } }',
    );
    for (const font of brandKit.fonts.filter((item) => item.name === 'Builder Brand'))
      await graphql(page, 'mutation ($id: ID!) { deleteBrandKitItem(id: $id) { deletedId } }', {
        id: font.id,
      });
  }

  expect(problems).toEqual([]);
});

test('a text box has a width and an optional height, and says when the text leaves the canvas or its box', async ({
  page,
}) => {
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);
  await newTemplateWithText(page);
  await textField(page).fill('Two words');
  await page.getByRole('textbox', { name: 'Y', exact: true }).fill('960');
  const box = page.getByRole('group', { name: 'Text box' });
  const warning = page.getByTestId('text-overflow');
  await expect(warning).toHaveCount(0);

  // A narrower box wraps the text onto two lines, which now go past the canvas's bottom edge.
  await box.getByRole('textbox', { name: 'Width' }).fill('150');
  await box.getByRole('textbox', { name: 'Width' }).press('Enter');
  await expect(warning).toHaveText(/goes past the canvas's bottom edge/);
  await openTab(page, 'LAYERS');
  await expect(page.getByTestId('layer-row').getByTestId('text-overflow-mark')).toBeVisible();

  // Fit to canvas moves it back inside; the warning and the mark go.
  await page.getByRole('button', { name: 'Fit to canvas' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('text-overflow-mark')).toHaveCount(0);
  expect(Number(await page.getByRole('textbox', { name: 'Y', exact: true }).inputValue())).toBeLessThan(960);

  // A height turns shrink-to-fit on; a box too low even at the minimum size says so and offers a lower one.
  await box.getByRole('textbox', { name: 'Height' }).fill('30');
  await box.getByRole('textbox', { name: 'Height' }).press('Enter');
  await expect(page.getByRole('switch', { name: 'Shrink to fit the box' })).toBeChecked();
  const minimum = page.getByRole('textbox', { name: 'Minimum size' });
  await expect(minimum).toHaveValue('32');
  await expect(warning).toHaveText(/does not fit its box even at the minimum size 32/);
  await page.getByRole('button', { name: 'Shrink to fit' }).click();
  await expect.poll(async () => Number(await minimum.inputValue())).toBeLessThan(32);

  // Clearing the height turns shrink-to-fit off again.
  await box.getByRole('textbox', { name: 'Height' }).fill('');
  await box.getByRole('textbox', { name: 'Height' }).press('Enter');
  await expect(page.getByRole('switch', { name: 'Shrink to fit the box' })).not.toBeChecked();
  expect(problems).toEqual([]);
});
