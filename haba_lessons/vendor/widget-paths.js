// For a page without a kernel (the course website): load after require.js and before
// html-manager/embed-amd.js, from the folder that holds both. It tells RequireJS that the
// widget modules are in html-manager/embed-amd.js beside this file; the html-manager derives
// where its icon fonts are from that address (by default it looks beside the page).
(function () {
  var manager = new URL("html-manager/embed-amd", document.currentScript.src).href;
  var paths = {};
  ["base", "controls", "base7", "controls7", "html-manager",
   "html-manager/dist/libembed-amd"].forEach(function (name) {
    paths["@jupyter-widgets/" + name] = manager;
  });
  require.config({paths: paths});
})();
