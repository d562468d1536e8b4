//go:build js && wasm

// Playwasm is the playground's WebAssembly module (GOOS=js GOARCH=wasm),
// which "urikit serve" builds and serves: it gives the page an object
// "urikit" whose functions take strings and return the JSON answers of
// package play, and then waits for calls. It links the functions of the
// subcommands that the page shows, and none of the command line's flags,
// help or input pipelines.
package main

import (
	"syscall/js"

	"github.com/urikit/urikit/cmd/urikit/internal/amqpcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/play"
)

func main() {
	play.Views = append(play.Views, play.SchemeView{Schemes: amqpcmd.SchemeNames(), Record: amqpcmd.JSONRecord})
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
	api.Set("inspect", fn(func(a []string) string { return play.Inspect(a[0]) }, 1))
	api.Set("resolve", fn(func(a []string) string { return play.Resolve(a[0], a[1]) }, 2))
	api.Set("compare", fn(func(a []string) string { return play.Compare(a[0], a[1]) }, 2))
	api.Set("mask", fn(func(a []string) string { return play.Mask(a[0]) }, 1))
	api.Set("maskTemplate", fn(func(a []string) string { return play.MaskTemplate(a[0]) }, 1))
	api.Set("maskVars", fn(func(a []string) string { return play.MaskVars(a[0]) }, 1))
	api.Set("template", fn(func(a []string) string { return play.Template(a[0], a[1], a[2]) }, 3))
	js.Global().Set("urikit", api)
	if ready := js.Global().Get("urikitReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
