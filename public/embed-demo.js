// The embedding demo's host-side listener (plain ES2017, no dependencies): lists every
// gpulab:statement event that embed.js dispatches on the page's GPU Lab frames, and sends the
// frames a gpulab:configure message when a theme button is pressed.
(function () {
  'use strict';

  var count = 0;

  function frames() {
    return Array.prototype.slice.call(document.querySelectorAll('iframe[src*="#/embed/"]'));
  }

  function text(value) {
    return typeof value === 'string' ? value : '';
  }

  /** One line on a statement: frame, verb, activity, and the result when there is one. */
  function describe(statement, frame) {
    var verb = statement && statement.verb && statement.verb.display;
    var object = statement && statement.object && statement.object.definition;
    var result = (statement && statement.result) || {};
    var parts = [
      text(frame && frame.title) || 'a frame',
      text(verb && verb['en-US']) || '?',
      '“' + (text(object && object.name && object.name['en-US']) || '?') + '”',
    ];
    if (result.score && typeof result.score.raw === 'number') {
      parts.push('score ' + result.score.raw + ' of ' + result.score.max);
    }
    if (typeof result.response === 'string' && result.response) {
      parts.push('response ' + result.response);
    }
    var extensions = result.extensions || {};
    Object.keys(extensions).forEach(function (iri) {
      var value = extensions[iri];
      if (/#\/xapi\/extensions\/attempts$/.test(iri) && typeof value === 'number') {
        parts.push('attempts ' + value);
      }
      if (/#\/xapi\/extensions\/scoring$/.test(iri) && typeof value === 'string') {
        parts.push('scored by the ' + value + ' answers');
      }
      if (/#\/xapi\/extensions\/revealed$/.test(iri) && value === true) {
        parts.push('revealed');
      }
    });
    return { line: parts.join(' · '), success: result.success };
  }

  function record(event) {
    var log = document.getElementById('statement-log');
    if (!log) return;
    var statement = event.detail;
    var summary = describe(statement, event.target);
    var item = document.createElement('li');
    var details = document.createElement('details');
    var head = document.createElement('summary');
    head.textContent = new Date().toLocaleTimeString() + ' · ' + summary.line;
    if (summary.success === true || summary.success === false) {
      var mark = document.createElement('span');
      mark.className = summary.success ? 'ok' : 'wrong';
      mark.textContent = summary.success ? ' · right' : ' · wrong';
      head.appendChild(mark);
    }
    var body = document.createElement('pre');
    body.textContent = JSON.stringify(statement, null, 2);
    details.appendChild(head);
    details.appendChild(body);
    item.appendChild(details);
    log.insertBefore(item, log.firstChild);
    count += 1;
    var counter = document.getElementById('statement-count');
    if (counter) counter.textContent = String(count);
  }

  function sendTheme(theme) {
    frames().forEach(function (frame) {
      if (!frame.contentWindow) return;
      var origin = new URL(frame.src, location.href).origin;
      frame.contentWindow.postMessage(
        { type: 'gpulab:configure', version: 1, theme: theme },
        origin,
      );
    });
  }

  document.addEventListener('gpulab:statement', record);

  document.addEventListener('DOMContentLoaded', function () {
    var clear = document.getElementById('clear-log');
    if (clear) {
      clear.addEventListener('click', function () {
        var log = document.getElementById('statement-log');
        if (log) log.textContent = '';
        count = 0;
        var counter = document.getElementById('statement-count');
        if (counter) counter.textContent = '0';
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll('[data-theme-choice]'), function (b) {
      b.addEventListener('click', function () {
        sendTheme(b.getAttribute('data-theme-choice'));
      });
    });
  });
})();
