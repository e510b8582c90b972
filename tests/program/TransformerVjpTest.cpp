// A small vision transformer's gradient for every parameter and its input against central
// differences in f64, through the train step's declared backwards of layer norm, softmax and the
// exact GELU (program::customVjps) and the derived ones of everything else (attention's products,
// head split and merge, the class token, positions, the patch embedding), causal or not.

#include <gtest/gtest.h>

#include "grad/Vjp.h"
#include "nn/Transformer.h"
#include "program/Program.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TEST(TransformerVjpTest, ASmallVitsGradientsMatchFiniteDifferences) {
  for (bool causal : {false, true}) {
    SCOPED_TRACE(causal ? "causal" : "bidirectional");
    // 2 channels of 8x8, patch 4 (5 tokens), width 8, 2 heads, MLP 12, one block, 3 classes.
    nn::VitSize size;
    size.side = 8;
    size.channels = 2;
    size.patch = 4;
    size.width = 8;
    size.blocks = 1;
    size.classes = 3;
    size.encoder = {2, 12, nn::Activation::gelu, 1e-5f, causal};
    const nn::NetSpec spec = nn::vit("small-vit", size);
    std::vector<gradcheck::Input> inputs;
    for (const nn::ParamInfo& p : nn::parameters(spec)) inputs.push_back({p.shape});
    inputs.push_back({{2, 2, 8, 8}});
    nn::ForwardValues fwd;
    gradcheck::checkGradients(
        inputs,
        [&](Builder& b, std::span<Value* const> a) {
          fwd = nn::emitForward(b, spec, a.first(a.size() - 1), a.back(), nn::BnMode::batch);
          return fwd.logits;
        },
        [&](Builder& b, std::span<Value* const> a, Value* loss, Value*) {
          Value* seed = b.scalar<double>(1.0);
          return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a, {},
                           program::customVjps(fwd));
        },
        1e-5);
  }
}

} // namespace
