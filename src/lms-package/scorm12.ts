/**
 * A SCORM 1.2 package: `imsmanifest.xml` with one SCO per item, and one launch page per item.
 * A launch page is static HTML with one shared script (`launch.js`, no inline code, so a strict
 * Content-Security-Policy holds): it finds the LMS's `API` up the window.parent and opener chain,
 * calls LMSInitialize, frames the item's GPU Lab embed, and turns the embed's learning
 * statements (`gpulab:statement` messages, src/embed/messages.ts) into
 * `cmi.core.lesson_status` and `cmi.core.score.raw`, with LMSCommit after each and LMSFinish when
 * the page goes away.
 */
import type { PackageItem } from './items';
import { escapeXml } from './xml';

/** The file name of an item's launch page. */
export function launchPageName(item: PackageItem): string {
  return `${item.kind}-${item.id}.html`;
}

function sco(item: PackageItem): string {
  return `${item.kind}-${item.id}`;
}

/** `imsmanifest.xml` for these items. */
export function scormManifest(
  items: readonly PackageItem[],
  course: { id: string; title: string; description: string },
): string {
  const organization = items.map((item) => {
    const mastery =
      item.mastery !== null
        ? `\n        <adlcp:masteryscore>${Math.round(item.mastery * 100)}</adlcp:masteryscore>`
        : '';
    return [
      `      <item identifier="item-${sco(item)}" identifierref="res-${sco(item)}" isvisible="true">`,
      `        <title>${escapeXml(item.title)}</title>${mastery}`,
      '      </item>',
    ].join('\n');
  });
  const resources = items.map((item) =>
    [
      `    <resource identifier="res-${sco(item)}" type="webcontent" adlcp:scormtype="sco" href="${launchPageName(item)}">`,
      `      <file href="${launchPageName(item)}"/>`,
      '      <dependency identifierref="res-launch"/>',
      '    </resource>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${escapeXml(course.id)}" version="1.0"`,
    '  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"',
    '  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"',
    '  xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"',
    '  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">',
    '  <metadata>',
    '    <schema>ADL SCORM</schema>',
    '    <schemaversion>1.2</schemaversion>',
    '    <imsmd:lom>',
    '      <imsmd:general>',
    `        <imsmd:title><imsmd:langstring xml:lang="en">${escapeXml(course.title)}</imsmd:langstring></imsmd:title>`,
    `        <imsmd:description><imsmd:langstring xml:lang="en">${escapeXml(course.description)}</imsmd:langstring></imsmd:description>`,
    '      </imsmd:general>',
    '    </imsmd:lom>',
    '  </metadata>',
    '  <organizations default="gpulab">',
    '    <organization identifier="gpulab">',
    `      <title>${escapeXml(course.title)}</title>`,
    ...organization,
    '    </organization>',
    '  </organizations>',
    '  <resources>',
    ...resources,
    '    <resource identifier="res-launch" type="webcontent" adlcp:scormtype="asset">',
    '      <file href="launch.js"/>',
    '      <file href="launch.css"/>',
    '    </resource>',
    '  </resources>',
    '</manifest>',
    '',
  ].join('\n');
}

/** The address a launch page frames: the item's embed, with its mastery level for a check. */
export function scormEmbedUrl(base: string, item: PackageItem): string {
  const query = ['frame=scorm'];
  if (item.mastery !== null) query.push(`mastery=${item.mastery}`);
  return `${base}${item.embedHash}?${query.join('&')}`;
}

/** An item's launch page. */
export function launchPage(base: string, item: PackageItem): string {
  const origin = new URL(base).origin;
  const embed = scormEmbedUrl(base, item);
  const lesson =
    item.lessonHash !== null
      ? `\n    <p><a href="${escapeXml(base + item.lessonHash)}" target="_blank" rel="noopener">Read the lesson in GPU Lab</a> (opens a new tab), then answer its questions below.</p>`
      : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; frame-src ${escapeXml(origin)}; base-uri 'none'; form-action 'none'">
    <title>${escapeXml(item.title)} · GPU Lab</title>
    <link rel="stylesheet" href="launch.css">
    <script src="launch.js" defer></script>
  </head>
  <body data-kind="${item.kind}" data-embed="${escapeXml(embed)}" data-origin="${escapeXml(origin)}">
    <h1>${escapeXml(item.title)}</h1>${lesson}
    <p id="gpulab-status" role="status">Looking for the LMS…</p>
    <iframe id="gpulab-item" title="${escapeXml(item.title)}" allow="fullscreen"></iframe>
  </body>
</html>
`;
}

/** The stylesheet every launch page links. */
export const LAUNCH_CSS = `body { margin: 0; padding: 0.5rem 1rem; font: 16px/1.5 system-ui, sans-serif; }
h1 { font-size: 1.25rem; margin: 0.25rem 0; }
p { margin: 0.25rem 0; }
iframe { display: block; width: 100%; min-height: 480px; border: 0; }
`;

/**
 * The script every launch page runs (plain ES5, no modules, no eval). It reads its settings from
 * the body's data attributes: data-kind (lesson, check, widget, puzzle), data-embed (the address
 * to frame) and data-origin (the only origin whose messages it reads).
 */
export const LAUNCH_JS = `(function () {
  'use strict';
  var body = document.body;
  var kind = body.getAttribute('data-kind');
  var embed = body.getAttribute('data-embed');
  var origin = body.getAttribute('data-origin');
  var statusLine = document.getElementById('gpulab-status');
  var frame = document.getElementById('gpulab-item');
  var RANK = { 'not attempted': 0, incomplete: 1, browsed: 1, completed: 2, failed: 3, passed: 4 };

  function say(text) { statusLine.textContent = text; }

  function apiIn(win) {
    var tries = 0;
    while (win && tries < 20) {
      try { if (win.API) return win.API; } catch (e) { /* another origin: look further up */ }
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
      tries += 1;
    }
    return null;
  }

  function findApi() {
    var api = apiIn(window);
    if (!api && window.opener) {
      try { api = apiIn(window.opener); } catch (e) { api = null; }
    }
    return api;
  }

  var api = findApi();
  var started = false;
  var finished = false;
  var status = 'not attempted';

  function set(name, value) {
    if (started) api.LMSSetValue(name, String(value));
  }

  if (!api) {
    say('No SCORM 1.2 LMS found (no API object in a parent or opener window): your work here is not recorded.');
  } else if (String(api.LMSInitialize('')) !== 'true') {
    say('The LMS did not start the session (LMSInitialize failed, error ' + api.LMSGetLastError() + '): your work here is not recorded.');
  } else {
    started = true;
    var previous = String(api.LMSGetValue('cmi.core.lesson_status') || '');
    if (RANK[previous] !== undefined) status = previous;
    if (status === 'not attempted') {
      status = 'incomplete';
      set('cmi.core.lesson_status', status);
      api.LMSCommit('');
    }
    say('Connected to the LMS: ' + status + '.');
  }

  function statusFor(verb) {
    if (kind === 'check') return verb === 'passed' || verb === 'failed' ? verb : null;
    if (kind === 'widget') return verb === 'interacted' || verb === 'completed' ? 'completed' : null;
    return verb === 'completed' ? 'completed' : null;
  }

  function record(statement) {
    if (!statement || typeof statement !== 'object' || !statement.verb) return;
    var id = String(statement.verb.id || '');
    var verb = id.slice(id.lastIndexOf('/') + 1);
    var result = statement.result && typeof statement.result === 'object' ? statement.result : {};
    var scaled = result.score && typeof result.score.scaled === 'number' ? result.score.scaled : null;
    var next = statusFor(verb);
    var scored = scaled !== null && (verb === 'completed' || verb === 'passed' || verb === 'failed');
    if (!next && !scored) return;
    if (scored) {
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', Math.round(Math.max(0, Math.min(1, scaled)) * 100));
    }
    if (next && RANK[next] >= RANK[status]) {
      status = next;
      set('cmi.core.lesson_status', status);
    }
    if (started) api.LMSCommit('');
    say((started ? 'Recorded in the LMS: ' : 'Not recorded (no LMS): ') + status +
      (scored ? ', score ' + Math.round(scaled * 100) + ' %' : '') + '.');
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'gpulab:statement') record(data.statement);
    else if (data.type === 'gpulab:resize' || data.type === 'gpulab:ready') {
      var height = Number(data.height);
      if (height > 0 && height < 20000) frame.style.height = Math.ceil(height) + 'px';
    }
  });

  function finish() {
    if (!started || finished) return;
    finished = true;
    api.LMSCommit('');
    api.LMSFinish('');
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);

  frame.src = embed;
})();
`;
