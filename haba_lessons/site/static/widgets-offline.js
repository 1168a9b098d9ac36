// Loaded between require.js and embed-amd.js: the widget manager takes its fonts, and the
// modules it defines their base address, from this site (beside embed-amd.js), never from a
// CDN. The site works from any folder, so the address is taken from this script's own.
(function () {
  var base = new URL("html-manager/", document.currentScript.src).href;
  var folder = base.replace(/\/$/, "");
  window.__jupyter_widgets_assets_path__ = base;
  require.config({ paths: { "@jupyter-widgets/html-manager/dist": folder,
                            "@jupyter-widgets": folder } });
})();
