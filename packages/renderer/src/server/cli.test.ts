import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, withLocalSources } from './cli.js';
import { quadrantImage } from './test/images.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'adloom-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    log: {
      log: (line: string) => out.push(line),
      error: (line: string) => err.push(line),
    } as unknown as Console,
    out,
    err,
  };
}

beforeAll(async () => {
  writeFileSync(path.join(dir, 'photo.png'), await quadrantImage(300, 200));
  writeFileSync(
    path.join(dir, 't.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect id="MAIN_001" width="300" height="200"/></svg>',
  );
  writeFileSync(path.join(dir, 'r.json'), JSON.stringify({ inputs: [{ input: 'photo.png' }] }));
});

describe('adloom-render', () => {
  it('renders a template with a request whose images are file paths', async () => {
    const { log, out, err } = capture();
    const target = path.join(dir, 'ad.jpg');
    const code = await main(
      [
        '--template',
        path.join(dir, 't.svg'),
        '--request',
        path.join(dir, 'r.json'),
        '--out',
        target,
        '--quality',
        '70',
      ],
      log,
    );
    expect([code, err]).toEqual([0, []]);
    expect(out[0]).toMatch(/ad\.jpg: 300×200 jpeg, \d+ kB, dynamicLayerCount 1, \d+ ms/);
    expect((await sharp(readFileSync(target)).metadata()).format).toBe('jpeg');
  });

  it('explains usage and errors with exit codes 2 and 1', async () => {
    const usage = capture();
    expect(await main(['--out', 'x.png'], usage.log)).toBe(2);
    expect(usage.err[0]).toMatch(/--out and --template .* are required/);
    const failing = capture();
    const code = await main(
      ['--template', path.join(dir, 't.svg'), '--out', path.join(dir, 'x.png')],
      failing.log,
    );
    expect(code).toBe(1);
    expect(failing.err).toEqual([
      'adloom-render: Missing input image for layer id=MAIN_001 (slot 1 of 1 has no inputs[0].input)',
    ]);
  });

  it('resolves relative sources against the request folder and leaves URLs alone', () => {
    const request = withLocalSources(
      {
        inputs: [{ input: 'a.png', color: '#fff' }, { input: 'https://cdn.test/b.png' }, 'c.png'],
        additionalFiles: {
          logos: [{ key: 'main', input: 'logo.png' }],
          fonts: [{ fontUrl: 'data:font/ttf;base64,AA', fontFamily: 'X' }],
        },
      },
      '/base',
    );
    expect(request.inputs).toEqual([
      { input: '/base/a.png', color: '#fff' },
      { input: 'https://cdn.test/b.png' },
      '/base/c.png',
    ]);
    expect(request.additionalFiles).toEqual({
      logos: [{ key: 'main', input: '/base/logo.png' }],
      fonts: [{ fontUrl: 'data:font/ttf;base64,AA', fontFamily: 'X' }],
    });
  });
});
