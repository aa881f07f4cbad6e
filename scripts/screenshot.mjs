#!/usr/bin/env node
// Takes a full-page screenshot of a URL in headless Chromium with WebGPU, for looking at pages
// while developing:  node scripts/screenshot.mjs URL OUT.png [width] [dark] [click-selector]
import { chromium } from 'playwright-core';

const [url, out = 'screenshot.png', width = '1280', scheme = 'light', click] =
  process.argv.slice(2);
if (!url) {
  console.error(
    'usage: node scripts/screenshot.mjs URL OUT.png [width] [light|dark] [click-selector]',
  );
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--enable-unsafe-webgpu',
  ],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: 900 },
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
page.on('console', (m) => m.type() === 'error' && console.log('console.error:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(1500);
if (click) {
  await page.click(click);
  await page
    .waitForSelector('[data-widget="race"][data-status="done"]', { timeout: 120000 })
    .catch(() => {});
  await page.waitForTimeout(2000);
}
const only = process.env.SHOT_SELECTOR;
if (only) await page.locator(only).first().screenshot({ path: out });
else await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log('wrote', out);
