// Keep the place when switching language: both sites use the same page names and anchors
// (rule sections, glossary entries, ambiguities, examples); the search query goes along too.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-rp-switch]");
  if (!link) return;
  const keep = window.location.search + window.location.hash;
  if (keep) {
    event.preventDefault();
    window.location.href = link.getAttribute("href") + keep;
  }
});
