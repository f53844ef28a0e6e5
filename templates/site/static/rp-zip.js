// Download a whole bundle as one ZIP, made in the browser from the files beside it on the site (written by
// Rulepress, generator/rulepress/site/downloads.py): the site stores every file once, the ZIP is not stored.
// A button `button.rp-zip` names the ZIP (data-rp-zip) and its entries (data-rp-files: [[name in the ZIP, link],
// ...], sorted). The ZIP is stored uncompressed (PDFs and PNGs are compressed already) with a fixed time, so the
// same files give the same bytes, as `downloads.write_zip` writes them.
(function () {
  "use strict";
  const TABLE = new Uint32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });

  function crc32(bytes) {
    let c = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
  const DOS_TIME = 0;

  function header(size, fields) {
    const buffer = new DataView(new ArrayBuffer(size));
    let at = 0;
    for (const [bytes, value] of fields) {
      if (bytes === 2) buffer.setUint16(at, value, true);
      else buffer.setUint32(at, value, true);
      at += bytes;
    }
    return new Uint8Array(buffer.buffer);
  }

  // The ZIP of entries [name, bytes] in the given order: local header and data of each, the central directory, its end.
  function zip(entries) {
    const parts = [];
    const central = [];
    let offset = 0;
    for (const [name, data] of entries) {
      const encoded = new TextEncoder().encode(name);
      const crc = crc32(data);
      const flags = /^[\x00-\x7f]*$/.test(name) ? 0 : 0x800; // UTF-8 names are marked, ASCII ones not (as Python does)
      const local = header(30, [[4, 0x04034b50], [2, 20], [2, flags], [2, 0], [2, DOS_TIME], [2, DOS_DATE],
        [4, crc], [4, data.length], [4, data.length], [2, encoded.length], [2, 0]]);
      parts.push(local, encoded, data);
      central.push(header(46, [[4, 0x02014b50], [2, 0x314], [2, 20], [2, flags], [2, 0], [2, DOS_TIME], [2, DOS_DATE],
        [4, crc], [4, data.length], [4, data.length], [2, encoded.length], [2, 0], [2, 0], [2, 0], [2, 0],
        [4, 0o644 << 16 >>> 0], [4, offset]]), encoded);
      offset += local.length + encoded.length + data.length;
    }
    const size = central.reduce((n, part) => n + part.length, 0);
    const end = header(22, [[4, 0x06054b50], [2, 0], [2, 0], [2, entries.length], [2, entries.length], [4, size],
      [4, offset], [2, 0]]);
    return new Blob([...parts, ...central, end], { type: "application/zip" });
  }

  async function download(button) {
    const files = JSON.parse(button.dataset.rpFiles || "[]");
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      const entries = [];
      for (const [name, href] of files) {
        const response = await fetch(new URL(href, document.baseURI));
        if (!response.ok) throw new Error(href + ": " + response.status);
        entries.push([name, new Uint8Array(await response.arrayBuffer())]);
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(zip(entries));
      link.download = button.dataset.rpZip;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    } finally {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  }

  window.RPZip = { zip, crc32 };
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("button.rp-zip").forEach((button) => {
      button.hidden = false;
      button.addEventListener("click", () => download(button));
    });
  });
})();
