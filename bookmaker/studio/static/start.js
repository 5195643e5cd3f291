// The start page: write the chosen sample (or the blank starter) where asked, then open it.
"use strict";
document.getElementById("start").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const response = await fetch("/start", {
    method: "POST",
    headers: {"content-type": "application/json"},
    body: JSON.stringify({example: form.get("example"), path: form.get("path")}),
  });
  if (response.ok) return location.reload();
  const error = document.getElementById("start-error");
  error.textContent = (await response.json()).error;
  error.hidden = false;
});
