/** The panel's states (docs/product.md#chat-assistant): closed, or open and either expanded or minimised. */
export type PanelMode = "closed" | "open" | "minimized";
