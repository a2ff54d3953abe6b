/*
 * The one classic script in the page, a few hundred bytes (web/scripts/finish-build.ts copies it
 * into the build with a content hash). The server's HTML is complete and styled without any
 * script; this fetches the app's code only after the first paint, so no script ever holds up the
 * content — on a slow network the text is readable while the code is still on its way. The
 * server names the entry module and the page's chunks in data attributes (no inline script: the
 * CSP forbids them).
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
    // One insertion for all of them: the document is touched once.
    var fragment = document.createDocumentFragment();
    for (var i = 0; i < preload.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      fragment.appendChild(link);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    fragment.appendChild(module);
    document.head.appendChild(fragment);
  }

  // A page opened in the background is never painted: do not wait for a frame there. And should
  // no frame come soon (a busy or unusual browser), do not wait longer than a second and a half.
  if (document.visibilityState === 'hidden') load();
  else {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    setTimeout(load, 1500);
  }
})();
