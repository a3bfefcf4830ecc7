import { describe, expect, it } from 'vitest';
import { isAbsoluteHttpUrl, linkIssues } from './links.js';

describe('isAbsoluteHttpUrl', () => {
  it.each([
    'https://www.example.com/products/shirt',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/A?b=c#d',
    'https://example.com:8443/p/1?colour=blue%20green',
    'https://[2001:db8::1]/image.jpg',
    'https://bücher.example/buch',
  ])('accepts %s', (url) => {
    expect(isAbsoluteHttpUrl(url)).toBe(true);
  });

  it.each([
    '/products/shirt',
    'www.example.com/shirt',
    'ftp://example.com/shirt.jpg',
    'https://',
    'https:///path',
    'https:/example.com',
    'https://example.com/blue shirt.jpg',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ])('refuses %s', (url) => {
    expect(isAbsoluteHttpUrl(url)).toBe(false);
  });
});

describe('linkIssues', () => {
  it('finds nothing wrong with absolute links', () => {
    expect(
      linkIssues({ link: 'https://shop.example/p/1', imageLink: ' https://cdn.example/1.jpg ' }),
    ).toEqual([]);
  });

  it('tells a missing link from an invalid one', () => {
    expect(linkIssues({ link: '', imageLink: '  ' })).toEqual(['missing_link', 'missing_image']);
    expect(linkIssues({ link: '/p/1', imageLink: 'cdn.example/1.jpg' })).toEqual([
      'invalid_link',
      'invalid_image_link',
    ]);
  });
});
