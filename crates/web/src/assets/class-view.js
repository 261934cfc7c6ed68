// The class view, for the teacher: each nicknamed student's exercises, how many were right,
// the points and the most common mistakes, as the server keeps them (only a server started
// with --token has it; the API then asks for the token like every other request).

import { api } from "./api.js";
import { t, onLangChange, num as number } from "./i18n.js";
import { errorText, tidy } from "./words.js";
import { mistakeType } from "./practice-words.js";

const $ = (id) => document.getElementById(id);

export class ClassView {
  constructor() {
    this.data = null;
    this.error = null;
    $("class-load").addEventListener("click", () => this.load());
    onLangChange(() => this.draw());
  }

  async load() {
    $("class-load").disabled = true;
    try {
      this.data = await api.practiceClass();
      this.error = null;
    } catch (e) {
      this.data = null;
      this.error = e;
    }
    $("class-load").disabled = false;
    this.draw();
  }

  draw() {
    const list = $("class-list");
    list.replaceChildren();
    $("class-error").textContent = !this.error ? ""
      : this.error.code === "class_needs_token" ? t("class_needs_token") : errorText(this.error);
    $("class-load").textContent = t(this.data ? "class_refresh" : "class_load");
    const d = this.data;
    if (!d) {
      $("class-summary").textContent = "";
      return;
    }
    const summary = [t("class_summary", { n: number(d.students.length), students: number(d.limits.students),
      per: number(d.limits.results_per_student) })];
    if (d.students_dropped) summary.push(t("class_students_dropped", { n: number(d.students_dropped) }));
    if (!d.students.length) summary.push(t("class_empty"));
    else if (d.mistakes.length) summary.push(t("class_whole", { list: mistakeList(d.mistakes.slice(0, 3)) }));
    $("class-summary").textContent = tidy(summary.join(" "));
    const ul = document.createElement("ul");
    ul.className = "class-list";
    for (const s of d.students) ul.appendChild(student(s));
    list.appendChild(ul);
  }
}

/** "a node's value (3), the root's value (1)". */
const mistakeList = (counts) => counts.map((m) => t("class_mistake", { what: mistakeType(m.type), n: number(m.count) }))
  .join(t("list_sep"));

/** A student's most common mistakes, as a sentence. */
const mistakes = (counts) => (counts.length ? t("class_mistakes", { list: mistakeList(counts) }) : t("class_no_mistakes"));

function student(s) {
  const li = document.createElement("li");
  li.className = "class-student";
  const h = document.createElement("h3");
  h.textContent = s.nickname;
  const line = (text, cls) => {
    const p = document.createElement("p");
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
  };
  li.append(h, line(t("class_student", { tried: number(s.tried), right: number(s.right),
    first: number(s.right_first_time), points: number(s.points), out_of: number(s.out_of), checks: number(s.checks) })),
  line(mistakes(s.mistakes)));
  if (s.dropped) li.appendChild(line(t("class_dropped", { n: number(s.dropped) }), "note"));
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("class_exercises");
  const ol = document.createElement("ol");
  for (const e of s.exercises) {
    const item = document.createElement("li");
    item.textContent = t("class_exercise", { kind: t("kind_" + e.kind), difficulty: t("level_" + e.difficulty),
      seed: e.seed, points: e.points, out_of: e.out_of, checks: number(e.checks), right: e.right });
    ol.appendChild(item);
  }
  details.append(summary, ol);
  li.appendChild(details);
  return li;
}
