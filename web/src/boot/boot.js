/*
 * The one script in the page, written inline at the end of the body by the server renderer
 * (web/scripts/finish-build.ts minifies it into build-manifest.json with its sha256 hash, and the
 * server allows exactly that hash in the CSP's script-src; docs/decisions/012). The server's HTML
 * is complete and styled without any script; this fetches the app's code only once the first
 * paint is on screen, so no script ever holds up the content — on a slow network the text is
 * readable while the code is still on its way. The renderer names the entry module and the
 * page's chunks in data attributes.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);

  var isLoading = false;
  function load() {
    if (isLoading) return;
    isLoading = true;
    var next = 0;
    // Each link starts a fetch as it goes in, which costs a slow phone's main thread a little: a
    // few a turn, so the thread is never held for long. The entry module goes in last; the links
    // spare it a waterfall of imports.
    (function insertSome() {
      var fragment = document.createDocumentFragment();
      for (var end = Math.min(next + 4, preload.length); next < end; next += 1) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preload[next];
        fragment.appendChild(link);
      }
      if (next < preload.length) {
        document.head.appendChild(fragment);
        setTimeout(insertSome, 0);
        return;
      }
      var module = document.createElement('script');
      module.type = 'module';
      module.crossOrigin = '';
      module.src = entry;
      fragment.appendChild(module);
      document.head.appendChild(fragment);
    })();
  }

  // Start once the first frame is on screen. requestAnimationFrame runs *before* its frame is
  // drawn, so code fetched from there can arrive before the text is shown and compete with it (and
  // Lighthouse then counts it as holding up the paint); the paint-timing entry is reported once
  // the frame has been presented. A browser without paint timing waits for a frame and a turn.
  // A page opened in the background is never painted: do not wait there. And should no paint come
  // soon (a busy or unusual browser), do not wait longer than a second and a half.
  function afterFirstPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  }

  if (document.visibilityState === 'hidden') load();
  else {
    afterFirstPaint();
    setTimeout(load, 1500);
  }
})();
