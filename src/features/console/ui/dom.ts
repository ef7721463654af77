// The one way the console puts anything on the page: elements made here, text only through
// textContent. There is no innerHTML anywhere in the console, so nothing a user typed (an email,
// a passkey's name) can become markup.

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | boolean | ((event: Event) => void) | undefined>;

export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
	const element = document.createElement(tag);
	for (const [name, value] of Object.entries(attributes)) {
		if (value === undefined || value === false) continue;
		if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
		else if (value === true) element.setAttribute(name, "");
		else element.setAttribute(name, value);
	}
	append(element, children);
	return element;
}

function append(parent: Node, children: Child[]): void {
	for (const child of children) {
		if (child === null || child === undefined || child === false) continue;
		if (typeof child === "string") {
			const text = document.createTextNode("");
			text.textContent = child;
			parent.appendChild(text);
		} else {
			parent.appendChild(child);
		}
	}
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
	parent.replaceChildren();
	append(parent, children);
}

export function byId<T extends HTMLElement>(id: string): T {
	const element = document.getElementById(id);
	if (element === null) throw new Error(`#${id} is missing`);
	return element as T;
}
