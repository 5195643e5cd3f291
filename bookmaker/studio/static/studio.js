// bookmaker studio: the page's few behaviours, in plain JavaScript (no build step).
// The text of the config lives here and goes with every request; the server answers with
// the edited text, the pages and the problems.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const yaml = $("#yaml");
const state = {
  text: yaml.value,
  base: window.STUDIO.digest, // the file as this page loaded or last saved it
  saved: yaml.value,
  generation: null,
  pages: [],
  chosen: "1",
  sequence: 0,
  pending: 0, // edits sent and not yet answered
  typing: new Set(), // fields changed whose edit waits for the typing to pause
  shown: null, // the text the pages and problems on screen are of
  building: false, // this tab started the build that runs
};

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: {"content-type": "application/json"},
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({error: response.statusText}));
  return {ok: response.ok, status: response.status, data};
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function setText(text) {
  state.text = text;
  if (yaml.value !== text) yaml.value = text;
  $("#saved").textContent = text === state.saved ? "saved" : "not saved";
  $("#saved").classList.toggle("dirty", text !== state.saved);
  refresh();
}

// ---- the form -------------------------------------------------------------------------

function fieldValue(field) {
  const raw = field.value;
  switch (field.dataset.type) {
    case "int":
      return /^-?\d+$/.test(raw.trim()) ? parseInt(raw, 10) : raw.trim();
    case "float":
      return raw.trim() !== "" && !isNaN(Number(raw)) ? Number(raw) : raw.trim();
    case "lines":
      return raw.split("\n").map((line) => line.trim()).filter((line) => line);
    case "outline":
      return raw ? {outline: raw} : null;
    default:
      return raw;
  }
}

// Edits run one after another, each on the text the one before it left: two fields changed
// in quick succession both land.
let edited = Promise.resolve();
function inTurn(edit) {
  state.pending += 1;
  edited = edited
    .then(edit)
    .catch((error) => showError(String(error)))
    .finally(() => (state.pending -= 1));
  return edited;
}

const edits = new Map();
function editField(field) {
  state.typing.delete(field);
  return inTurn(async () => {
    const {ok, data} = await post("/edit", {
      text: state.text, op: "set", key: field.dataset.key, value: fieldValue(field), type: field.dataset.type,
    });
    if (ok) setText(data.text);
    else showError(data.error);
  });
}

function structural(body) {
  return inTurn(async () => {
    const {ok, data} = await post("/edit", {text: state.text, ...body});
    if (!ok) return showError(data.error);
    setText(data.text);
    await reloadForm();
  });
}

async function reloadForm() {
  const response = await fetch("/form", {
    method: "POST",
    headers: {"content-type": "application/json"},
    body: JSON.stringify({text: state.text}),
  });
  $("#form-pane").innerHTML = await response.text();
  markProblems(state.problems || []);
}

$("#form-pane").addEventListener("input", (event) => {
  const field = event.target.closest("[data-key]");
  if (!field) return;
  if (!edits.has(field)) edits.set(field, debounce(editField, 250));
  state.typing.add(field);
  edits.get(field)(field);
});

$("#form-pane").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.id === "add-section") structural({op: "add-section"});
  else if (button.id === "add-cover") structural({op: "set", key: "cover", value: {paper: "white"}});
  else if (button.classList.contains("remove")) structural({op: "remove-section", index: +button.dataset.index});
  else if (button.classList.contains("move"))
    structural({op: "move-section", index: +button.dataset.index, to: +button.dataset.to});
});

$("#form-pane").addEventListener("change", (event) => {
  const input = event.target;
  if (!input.classList.contains("upload") || !input.files.length) return;
  inTurn(async () => {
    const body = new FormData();
    body.append("file", input.files[0]);
    body.append("section", input.dataset.index);
    body.append("text", state.text);
    const response = await fetch("/upload", {method: "POST", body});
    const data = await response.json().catch(() => ({error: response.statusText}));
    input.value = "";
    if (!response.ok) return showError(data.error);
    setText(data.text);
    await reloadForm();
  });
});

// ---- the YAML tab ---------------------------------------------------------------------

const yamlTyped = debounce(() => {
  state.typing.delete(yaml);
  setText(yaml.value);
}, 300);
yaml.addEventListener("input", () => {
  state.typing.add(yaml);
  yamlTyped();
});

document.querySelectorAll(".tab").forEach((tab) =>
  tab.addEventListener("click", async () => {
    document.querySelectorAll(".tab").forEach((other) => other.classList.toggle("active", other === tab));
    document.querySelectorAll(".pane").forEach((pane) => (pane.hidden = pane.id !== tab.dataset.tab));
    if (tab.dataset.tab === "form-pane") await reloadForm();
  }),
);

function showLine(line) {
  $('[data-tab="yaml-pane"]').click();
  const lines = yaml.value.split("\n");
  const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
  yaml.focus();
  yaml.setSelectionRange(start, start + (lines[line - 1] || "").length);
  yaml.scrollTop = Math.max(0, (line - 5) * parseFloat(getComputedStyle(yaml).lineHeight || "16"));
}

// ---- problems -------------------------------------------------------------------------

function fieldFor(key) {
  // The problem's key, or the nearest key above it that the form has.
  let name = key;
  while (name) {
    const field = document.querySelector(`[data-key="${CSS.escape(name)}"]`);
    if (field) return field;
    const cut = Math.max(name.lastIndexOf("."), name.lastIndexOf("["));
    name = cut > 0 ? name.slice(0, cut) : "";
  }
  return null;
}

function markProblems(problems) {
  document.querySelectorAll(".has-problem").forEach((field) => field.classList.remove("has-problem"));
  problems.forEach((problem) => {
    const field = problem.key && fieldFor(problem.key);
    if (field) field.classList.add("has-problem");
  });
}

function showProblems(problems) {
  state.problems = problems;
  const box = $("#problems");
  box.replaceChildren();
  problems.forEach((problem) => {
    const row = document.createElement("p");
    row.className = "problem";
    row.textContent = problem.text;
    const field = problem.key && fieldFor(problem.key);
    if (field) {
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = "field";
      link.onclick = (event) => {
        event.preventDefault();
        $('[data-tab="form-pane"]').classList.add("active");
        $('[data-tab="yaml-pane"]').classList.remove("active");
        $("#form-pane").hidden = false;
        $("#yaml-pane").hidden = true;
        field.scrollIntoView({block: "center"});
        field.focus();
      };
      row.append(" ", link);
    }
    if (problem.line) {
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = `line ${problem.line}`;
      link.onclick = (event) => {
        event.preventDefault();
        showLine(problem.line);
      };
      row.append(" ", link);
    }
    box.append(row);
  });
  if (problems.length) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = "The pages below are the last good ones.";
    box.append(note);
  }
  markProblems(problems);
}

function showError(message) {
  showProblems([{text: message, key: null, line: null}]);
}

// ---- pages ----------------------------------------------------------------------------

const refresh = debounce(async () => {
  const sequence = ++state.sequence;
  const text = state.text;
  const {ok, data} = await post("/preview", {text});
  if (sequence !== state.sequence) return; // a newer edit is on its way
  state.shown = text;
  if (!ok) return showError(data.error);
  showProblems(data.problems);
  if (!data.pages) return; // problems: keep the last good pages
  if (state.generation !== data.generation) $("#maze-info").hidden = true; // its maze may be gone
  state.generation = data.generation;
  state.pages = data.pages;
  if (!data.pages.some((page) => page.label === state.chosen)) state.chosen = data.pages[0].label;
  showChosen();
  showThumbs();
  const cover = $("#cover-wrap");
  cover.hidden = !data.cover;
  if (data.cover) $("#cover").src = `/cover/${data.generation}`;
}, 120);

function showThumbs() {
  const strip = $("#thumbs");
  const old = new Map([...strip.children].map((figure) => [figure.dataset.version, figure]));
  const figures = state.pages.map((page) => {
    let figure = old.get(String(page.version));
    if (!figure) {
      figure = document.createElement("figure");
      figure.dataset.version = page.version;
      const img = document.createElement("img");
      img.loading = "lazy";
      img.alt = `page ${page.label}`;
      img.src = `/page/${page.version}/thumb`;
      const caption = document.createElement("figcaption");
      figure.append(img, caption);
      figure.onclick = () => {
        state.chosen = figure.dataset.label;
        showChosen();
      };
    }
    figure.dataset.label = page.label;
    figure.querySelector("figcaption").textContent = page.label;
    figure.classList.toggle("chosen", page.label === state.chosen);
    return figure;
  });
  strip.replaceChildren(...figures);
}

function showChosen() {
  const page = state.pages.find((candidate) => candidate.label === state.chosen);
  if (!page) return;
  const large = $("#large");
  const source = `/page/${page.version}/large`;
  if (!large.src.endsWith(source)) {
    // Until the new page is drawn the old one stays in view: dim it, and keep its maze boxes,
    // which are the new page's, from being clicked on the old picture.
    $("#large-wrap").classList.add("loading");
    large.src = source;
  }
  large.dataset.label = page.label;
  const boxes = $("#boxes");
  boxes.replaceChildren(
    ...page.mazes.map((maze) => {
      const box = document.createElement("button");
      box.type = "button";
      box.className = "maze-box";
      box.title = `maze ${maze.number}`;
      box.dataset.number = maze.number;
      const [left, top, width, height] = maze.box;
      Object.assign(box.style, {
        left: `${left * 100}%`, top: `${top * 100}%`, width: `${width * 100}%`, height: `${height * 100}%`,
      });
      box.onclick = () => showMaze(maze.number);
      return box;
    }),
  );
  document.querySelectorAll("#thumbs figure").forEach((figure) =>
    figure.classList.toggle("chosen", figure.dataset.label === state.chosen),
  );
}

async function showMaze(number) {
  const response = await fetch(`/maze/${state.generation}/${number}`);
  const info = $("#maze-info");
  if (!response.ok) return;
  const maze = await response.json();
  info.hidden = false;
  info.replaceChildren();
  const heading = document.createElement("h3");
  heading.textContent = `Maze ${maze.number}`;
  const lines = [
    ["Recipe", maze.recipe],
    ["Code", maze.code || "none: the recipe says it"],
    ["Seed", maze.seed],
  ].map(([label, value]) => {
    const row = document.createElement("p");
    const name = document.createElement("b");
    name.textContent = `${label}: `;
    const text = document.createElement("code");
    text.textContent = value;
    row.append(name, text);
    return row;
  });
  const answer = document.createElement("div");
  answer.className = "answer";
  const picture = new Image();
  picture.alt = `the answer to maze ${maze.number}`;
  picture.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(maze.answer_svg);
  answer.append(picture);
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.onclick = () => (info.hidden = true);
  info.append(heading, ...lines, document.createTextNode("Answer:"), answer, close);
}

// ---- save and build -------------------------------------------------------------------

async function save() {
  await edited; // the form's last change first
  let {ok, status, data} = await post("/save", {text: state.text, base: state.base});
  if (status === 409) {
    if (!confirm(`${data.error}. Save anyway?`)) return false;
    ({ok, data} = await post("/save", {text: state.text, base: state.base, force: true}));
  }
  if (!ok) {
    showError(data.error);
    return false;
  }
  state.base = data.digest;
  state.saved = state.text;
  $("#large").addEventListener("load", () => $("#large-wrap").classList.remove("loading"));
$("#large").addEventListener("error", () => $("#large-wrap").classList.remove("loading"));

setText(state.text);
  return true;
}

$("#save").onclick = save;

$("#build").onclick = async () => {
  await edited;
  if (state.text !== state.saved && !(await save())) return;
  state.building = true; // from the request on: closing the tab now stops the build
  const {ok, data} = await post("/build", {});
  if (!ok) {
    state.building = false;
    return showError(data.error);
  }
  watchBuild();
};

$("#cancel").onclick = () => post("/build/cancel", {});

async function watchBuild() {
  const progress = $("#progress");
  const result = $("#build-result");
  progress.hidden = false;
  $("#cancel").hidden = false;
  $("#build").disabled = true;
  result.hidden = true;
  for (;;) {
    const status = await (await fetch("/build")).json();
    progress.max = status.total || 1;
    progress.value = status.done;
    $("#build-step").textContent = status.state === "running" ? `${status.step} ${status.done}/${status.total}` : "";
    if (status.state !== "running") {
      state.building = false;
      progress.hidden = true;
      $("#cancel").hidden = true;
      $("#build").disabled = false;
      showBuild(status);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function showBuild(status) {
  const result = $("#build-result");
  result.hidden = false;
  result.replaceChildren();
  result.scrollIntoView({block: "nearest"});
  const heading = document.createElement("h3");
  heading.textContent = {done: "Built", failed: "The build failed", cancelled: "Build cancelled; nothing written"}[
    status.state
  ];
  result.append(heading);
  [...status.error, ...status.preflight, ...status.notes].forEach((line) => {
    const row = document.createElement("p");
    row.textContent = line;
    row.className = status.error.includes(line) ? "problem" : "note";
    result.append(row);
  });
  status.files.forEach((name) => {
    const link = document.createElement("a");
    link.href = `/download/${encodeURIComponent(name)}`;
    link.textContent = `Download ${name}`;
    link.className = "download";
    link.setAttribute("download", name);
    result.append(link);
  });
}

// Closing the tab stops a build it started, and no other tab's.
window.addEventListener("pagehide", () => {
  if (state.building) navigator.sendBeacon("/build/cancel");
});

$("#large").addEventListener("load", () => $("#large-wrap").classList.remove("loading"));
$("#large").addEventListener("error", () => $("#large-wrap").classList.remove("loading"));

setText(state.text);
