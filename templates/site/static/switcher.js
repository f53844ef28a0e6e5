// Keep the rule anchor when switching language: both sites use the same page names and anchors.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-rp-switch]");
  if (link && window.location.hash) {
    event.preventDefault();
    window.location.href = link.getAttribute("href") + window.location.hash;
  }
});
