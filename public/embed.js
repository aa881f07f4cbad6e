/*
 * GPU Lab host script: include it once on a page that embeds GPU Lab iframes.
 * - Sizes each GPU Lab iframe (src containing "#/embed/", or a data-gpu-lab attribute) to the
 *   height its page reports (gpulab:ready / gpulab:resize), and makes it 100% wide unless it has
 *   a width.
 * - Re-dispatches each learning record (gpulab:statement) as a bubbling DOM event
 *   "gpulab:statement" on the iframe, its detail the xAPI statement:
 *     document.addEventListener('gpulab:statement', function (e) { console.log(e.detail); });
 * Messages are trusted only from the matched iframes' own windows (and their src origin).
 * Reference: docs/embedding.md in the GPU Lab repository.
 */
(function () {
  'use strict';
  var w = window;
  var d = document;
  if (w.gpuLabEmbedLoaded) return;
  w.gpuLabEmbedLoaded = true;

  function isLab(frame) {
    return (
      frame.hasAttribute('data-gpu-lab') ||
      (frame.getAttribute('src') || '').indexOf('#/embed/') !== -1
    );
  }

  function prepare(frame) {
    if (frame.tagName !== 'IFRAME' || !isLab(frame)) return;
    if (!frame.getAttribute('width') && !frame.style.width) {
      frame.style.width = '100%';
    }
  }

  function prepareAll(root) {
    prepare(root);
    if (!root.getElementsByTagName) return;
    var list = root.getElementsByTagName('iframe');
    for (var i = 0; i < list.length; i++) prepare(list[i]);
  }

  function originOf(frame) {
    try {
      return new URL(frame.src, d.baseURI).origin;
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- ES2017 needs the binding
    } catch (err) {
      return null;
    }
  }

  function frameOf(source) {
    if (!source) return null;
    var list = d.getElementsByTagName('iframe');
    for (var i = 0; i < list.length; i++) {
      if (list[i].contentWindow === source && isLab(list[i])) return list[i];
    }
    return null;
  }

  w.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data.version !== 1) return;
    if (typeof data.type !== 'string' || data.type.indexOf('gpulab:') !== 0) return;
    var frame = frameOf(event.source);
    if (!frame) return;
    var origin = originOf(frame);
    if (origin && origin !== 'null' && origin !== event.origin) return;
    if (data.type === 'gpulab:ready' || data.type === 'gpulab:resize') {
      var height = data.height;
      if (typeof height !== 'number' || !isFinite(height)) return;
      height = Math.min(100000, Math.max(1, Math.ceil(height)));
      frame.style.height = height + 'px';
    } else if (data.type === 'gpulab:statement') {
      var statement = data.statement;
      if (!statement || typeof statement !== 'object' || Array.isArray(statement)) return;
      var custom = new CustomEvent('gpulab:statement', { detail: statement, bubbles: true });
      frame.dispatchEvent(custom);
    }
  });

  function start() {
    prepareAll(d);
    if (typeof MutationObserver !== 'function') return;
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var added = records[i].addedNodes;
        for (var j = 0; j < added.length; j++) {
          if (added[j].nodeType === 1) prepareAll(added[j]);
        }
        if (records[i].type === 'attributes') prepare(records[i].target);
      }
    }).observe(d.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['src', 'data-gpu-lab'],
    });
  }

  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start);
  else start();
})();
