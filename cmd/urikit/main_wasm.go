//go:build js && wasm

package main

// Built with GOOS=js GOARCH=wasm, urikit is the module of the playground
// page (urikit serve): instead of reading arguments it gives the page an
// object "urikit" whose functions take strings and return the JSON of
// playground.go, and then waits for calls.

import "syscall/js"

func main() {
	api := js.Global().Get("Object").New()
	fn := func(f func(args []string) string, n int) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any {
			s := make([]string, n)
			for i := range s {
				if i < len(args) && args[i].Type() == js.TypeString {
					s[i] = args[i].String()
				}
			}
			return f(s)
		})
	}
	api.Set("inspect", fn(func(a []string) string { return playInspect(a[0]) }, 1))
	api.Set("resolve", fn(func(a []string) string { return playResolve(a[0], a[1]) }, 2))
	api.Set("compare", fn(func(a []string) string { return playCompare(a[0], a[1]) }, 2))
	api.Set("mask", fn(func(a []string) string { return playMask(a[0]) }, 1))
	api.Set("address", fn(func(a []string) string { return playMask(a[0]) }, 1))
	js.Global().Set("urikit", api)
	if ready := js.Global().Get("urikitReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
