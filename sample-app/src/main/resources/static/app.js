// The demo page: the rentals tree, the query shapes with what each one sent and read, cascades and the review
// queue. Plain JavaScript over the application's REST API; no libraries.
'use strict';

const keyFieldsOf = {};          // adapter name -> its key fields, from /api/about
const tableOf = {};              // adapter name -> its table, from /api/about
const SHOWN_APART = new Set(['kind', 'version']);   // the tier has its own column; the version is the toolkit's

// ------------------------------------------------------------------ helpers

async function api(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : {'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body)
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const problem = json || {};
    throw new Error(`${response.status} ${problem.title || response.statusText}: ${problem.detail || ''}`);
  }
  return json;
}

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([name, value]) => {
    if (value === undefined || value === null || value === false) return;
    if (name === 'class') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.substring(2), value);
    else node.setAttribute(name, value === true ? '' : value);
  });
  children.flat().forEach(child => {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  });
  return node;
}

function query(parameters) {
  const search = new URLSearchParams();
  Object.entries(parameters).forEach(([name, value]) => {
    if (value !== undefined && value !== null && value !== '') search.set(name, value);
  });
  const text = search.toString();
  return text ? '?' + text : '';
}

const path = value => encodeURIComponent(value);

function formatAmplification(page) {
  if (page.amplification === null) return '∞';
  return page.amplification.toFixed(1);
}

// ------------------------------------------------------------------ about

async function loadAbout() {
  const about = await api('GET', '/api/about');
  Object.entries(about.adapters).forEach(([name, adapter]) => {
    keyFieldsOf[name] = adapter.keyFields;
    tableOf[name] = adapter.table;
  });
  const tables = Object.values(about.adapters).map(adapter => adapter.table).join(', ');
  const backend = about.backend === 'embedded engine' ? 'the embedded engine (in memory)' : about.backend;
  document.getElementById('about').textContent = `Running on ${backend}`
      + (about.endpoint ? ` at ${about.endpoint}` : ` in ${about.region}`) + ` · tables ${tables}`;
  document.getElementById('reset-panel').hidden = !about.demoData;
}

// ------------------------------------------------------------------ the rentals tree

async function loadTree() {
  const tree = document.getElementById('tree');
  tree.replaceChildren();
  const states = await api('GET', '/api/rentals/states');
  for (const state of states) {
    const children = el('ul', {class: 'children', hidden: true});
    const item = el('li', {class: 'node state', 'data-key': state.state},
        el('button', {class: 'toggle', 'aria-expanded': 'false', onclick: () => toggleState(item, state.state)},
            el('span', {class: 'tier'}, 'state'), ` ${state.state} `, el('span', {class: 'muted'}, state.name)),
        children);
    tree.append(item);
  }
  const texas = tree.querySelector('[data-key="TX"]');
  if (texas) await toggleState(texas, 'TX');
}

async function toggleState(item, state) {
  const button = item.querySelector(':scope > .toggle');
  const children = item.querySelector(':scope > .children');
  if (button.getAttribute('aria-expanded') === 'true') {
    button.setAttribute('aria-expanded', 'false');
    children.hidden = true;
    return;
  }
  const rows = [];
  let cursor = null;
  do {                                 // every row under the state, a page at a time
    const page = await api('GET', `/api/rentals/states/${path(state)}/under` + query({limit: 100, cursor}));
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const facilities = rows.filter(row => row.kind === 'facility');
  children.replaceChildren(...facilities.map(facility => facilityNode(facility,
      rows.filter(row => row.kind === 'vehicle' && row.facility === facility.facility))));
  button.setAttribute('aria-expanded', 'true');
  children.hidden = false;
}

function facilityNode(facility, vehicles) {
  const key = `${facility.state}|${facility.facility}`;
  const list = el('ul', {class: 'children', hidden: true}, vehicles.map(vehicle =>
      el('li', {class: 'node vehicle', 'data-key': `${key}|${vehicle.vin}`},
          el('span', {class: 'tier'}, 'vehicle'), ` ${vehicle.vin} `,
          el('span', {class: 'muted'}, `${vehicle.make} ${vehicle.model} · $${vehicle.dailyRate}/day`))));
  const item = el('li', {class: 'node facility', 'data-key': key},
      el('button', {class: 'toggle', 'aria-expanded': 'false', onclick: () => {
        const open = list.hidden;
        list.hidden = !open;
        item.querySelector(':scope > .toggle').setAttribute('aria-expanded', String(open));
        useFacility(facility.state, facility.facility);
      }}, el('span', {class: 'tier'}, 'facility'), ` ${facility.facility} `,
          el('span', {class: 'muted'}, `${facility.city} · ${facility.vehicles} vehicles`)),
      list);
  return item;
}

// Puts a facility into the hierarchy shapes and runs them again.
function useFacility(state, facility) {
  document.querySelectorAll('.shape').forEach(card => {
    let changed = false;
    card.querySelectorAll('input[data-parameter]').forEach(input => {
      if (input.dataset.parameter === 'state') { input.value = state; changed = true; }
      if (input.dataset.parameter === 'facility') { input.value = facility; changed = true; }
      if (input.dataset.parameter === 'prefix') { input.value = facility.substring(0, 3); changed = true; }
    });
    if (changed) runShape(card);
  });
}

// ------------------------------------------------------------------ query shapes

async function loadShapes() {
  const shapes = await api('GET', '/api/explain/shapes');
  const container = document.getElementById('shapes');
  container.replaceChildren(...shapes.map(shapeCard));
  await Promise.all([...container.querySelectorAll('.shape')].map(card => runShape(card)));
}

function shapeCard(shape) {
  const form = el('form', {class: 'row'},
      shape.parameters.map(parameter => el('label', {},
          parameter.name + ' ',
          el('input', {'data-parameter': parameter.name, value: parameter.example, size: 10, required: true}))),
      el('button', {type: 'submit'}, 'Run'));
  const card = el('article', {class: 'shape' + (shape.keySeek ? '' : ' contrast'), 'data-shape': shape.id,
        'data-adapter': shape.adapter},
      el('header', {},
          el('span', {class: 'pattern'}, shape.pattern),
          el('span', {class: 'badge ' + (shape.keySeek ? 'seek' : 'not-seek')},
              shape.keySeek ? 'key seek' : 'not a key seek')),
      el('p', {class: 'question'}, shape.question),
      form,
      el('div', {class: 'result'}),
      el('footer', {}, 'Runs ', el('code', {}, shape.repositoryMethod)));
  card.shape = shape;
  form.addEventListener('submit', event => { event.preventDefault(); runShape(card); });
  return card;
}

async function runShape(card, cursor) {
  const shape = card.shape;
  const parameters = {limit: document.getElementById('page-size').value, cursor};
  card.querySelectorAll('input[data-parameter]').forEach(input => {
    parameters[input.dataset.parameter] = input.value.trim();
  });
  const result = card.querySelector('.result');
  card.dataset.status = 'running';
  try {
    const page = await api('GET', `/api/explain/shapes/${path(shape.id)}` + query(parameters));
    result.replaceChildren(...renderPage(card, page));
    card.dataset.status = 'done';
    card.dataset.amplification = formatAmplification(page);
    card.dataset.returned = page.returned;
    card.dataset.scanned = page.scanned;
  } catch (error) {
    result.replaceChildren(el('p', {class: 'error'}, error.message));
    card.dataset.status = 'error';
  }
}

function renderPage(card, page) {
  const amplification = formatAmplification(page);
  const tableName = tableOf[page.adapter] || page.adapter;
  const target = page.index ? `${tableName}, index ${page.index}` : tableName;
  const request = el('div', {class: 'request'},
      el('span', {class: 'label'}, `${page.keyCondition.startsWith('SCAN') ? 'Scan' : 'Query'} ${target}`),
      el('code', {class: 'key-condition'}, page.keyCondition));
  const stats = el('div', {class: 'stats'},
      el('span', {class: 'returned'}, `returned ${page.returned}`),
      el('span', {class: 'scanned'}, `read ${page.scanned}`),
      el('span', {class: 'amplification ' + (amplification === '1.0' ? 'ok' : 'bad')},
          `read amplification ${amplification}`),
      el('span', {class: 'muted'}, `${page.requests} request${page.requests === 1 ? '' : 's'}`));
  const keyFields = keyFieldsOf[card.shape.adapter] || [];
  const rows = page.items.map(item => el('tr', {},
      el('td', {class: 'key'}, keyFields.filter(field => item[field] != null).map(field => item[field]).join(' | ')),
      el('td', {class: 'kind'}, item.kind || ''),
      el('td', {class: 'attributes'}, Object.entries(item)
          .filter(([name, value]) => !keyFields.includes(name) && !SHOWN_APART.has(name) && value !== null)
          .map(([name, value]) => `${name} ${typeof value === 'object' ? JSON.stringify(value) : value}`)
          .join(' · '))));
  const table = page.items.length
      ? el('table', {class: 'items'}, el('tbody', {}, rows))
      : el('p', {class: 'muted'}, 'No items.');
  const more = page.nextCursor
      ? el('button', {class: 'next', onclick: () => runShape(card, page.nextCursor)}, 'Next page')
      : null;
  return more ? [request, stats, table, more] : [request, stats, table];
}

function rerun(adapter) {
  return Promise.all([...document.querySelectorAll(`.shape[data-adapter="${adapter}"]`)].map(card => runShape(card)));
}

// ------------------------------------------------------------------ cascades, queue, reset

function show(id, value) {
  document.getElementById(id).textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function wireForms() {
  document.getElementById('clone-form').addEventListener('submit', async event => {
    event.preventDefault();
    const form = event.target.elements;
    try {
      show('cascade-result', await api('POST', `/api/rentals/states/${path(form.state.value)}/facilities/`
          + `${path(form.facility.value)}/clone`, {toFacility: form.toFacility.value}));
      await Promise.all([loadTree(), rerun('rentals')]);
    } catch (error) {
      show('cascade-result', error.message);
    }
  });
  document.getElementById('delete-form').addEventListener('submit', async event => {
    event.preventDefault();
    const form = event.target.elements;
    try {
      const run = await api('DELETE', `/api/rentals/states/${path(form.state.value)}/facilities/`
          + path(form.facility.value) + query({maxItems: form.maxItems.value, cursor: form.cursor.value}));
      form.cursor.value = run.cursor || '';
      show('cascade-result', run);
      await Promise.all([loadTree(), rerun('rentals')]);
    } catch (error) {
      show('cascade-result', error.message);
    }
  });
  document.getElementById('move-form').addEventListener('submit', async event => {
    event.preventDefault();
    const form = event.target.elements;
    try {
      const moved = await api('POST', `/api/rentals/states/${path(form.state.value)}/facilities/`
          + `${path(form.facility.value)}/vehicles/${path(form.vin.value)}/move`, {toFacility: form.toFacility.value});
      show('move-result', moved.transaction.actions.map((action, index) => `${index + 1}. ${action.kind} `
          + `${action.key}` + (action.update ? `\n   update    ${action.update}` : '')
          + (action.condition ? `\n   condition ${action.condition}` : '')).join('\n'));
      form.facility.value = form.toFacility.value;
      await Promise.all([loadTree(), rerun('rentals')]);
    } catch (error) {
      show('move-result', error.message);
    }
  });
  const deleteForm = document.getElementById('delete-form');
  ['state', 'facility', 'maxItems'].forEach(name => deleteForm.elements[name].addEventListener('input',
      () => { deleteForm.elements.cursor.value = ''; }));     // a cursor resumes only the run that returned it
  document.getElementById('review-form').addEventListener('submit', async event => {
    event.preventDefault();
    const docId = event.target.elements.docId.value;
    const method = event.submitter && event.submitter.value === 'leave' ? 'DELETE' : 'PUT';
    try {
      show('review-result', await api(method, `/api/review-queue/${path(docId)}`));
      await rerun('documents');
    } catch (error) {
      show('review-result', error.message);
    }
  });
  document.getElementById('reset').addEventListener('click', async () => {
    try {
      await api('POST', '/api/demo/reset');
      show('cascade-result', 'The demo data was written again.');
      await Promise.all([loadTree(), loadShapes()]);
    } catch (error) {
      show('cascade-result', error.message);
    }
  });
  document.getElementById('page-size').addEventListener('change',
      () => document.querySelectorAll('.shape').forEach(card => runShape(card)));
}

async function start() {
  wireForms();
  try {
    await loadAbout();
    await Promise.all([loadTree(), loadShapes()]);
    document.body.dataset.ready = 'true';
  } catch (error) {
    document.getElementById('about').textContent = 'Could not load: ' + error.message;
    document.body.dataset.ready = 'error';
  }
}

start();
